// Data URLs (`data:<mime>;base64,<data>`), as the feedback dialog sends attachments and as the
// demo recordings are bundled.

export interface DecodedDataUrl {
  contentType: string;
  /** The payload, still base64 (mail attachments carry it so). */
  base64: string;
}

const DATA_URL = /^data:([A-Za-z0-9.+-]+\/[A-Za-z0-9.+-]+)(?:;[A-Za-z0-9.+-]+=[A-Za-z0-9.+-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/;

/** The content type and base64 payload of a base64 data URL; undefined for anything else. */
export function parseDataUrl(text: string): DecodedDataUrl | undefined {
  const match = DATA_URL.exec(text);
  return match ? { contentType: match[1]!.toLowerCase(), base64: match[2]! } : undefined;
}

export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
