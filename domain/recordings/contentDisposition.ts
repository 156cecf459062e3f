// `Content-Disposition: attachment; filename="<title>"` (openapi.yaml, getCallRecordingFile).
// The title comes from the caller, so it is made safe for a quoted string: quotes, backslashes and
// control characters become `_`, and a title beyond ASCII adds the RFC 6266 `filename*` form.

export function attachmentDisposition(title: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const quoted = title.replace(/["\\\u0000-\u001f\u007f]/g, "_");
  const ascii = quoted.replace(/[^\u0020-\u007e]/g, "_");
  const plain = `attachment; filename="${ascii}"`;
  return ascii === quoted ? plain : `${plain}; filename*=UTF-8''${encodeURIComponent(quoted)}`;
}
