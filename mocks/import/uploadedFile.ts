// An uploaded file as the fake backend receives it (openapi.yaml UploadedCsvFile): the request's body
// is the file, read whole here (the fake backend's files are small), refused as the server refuses
// it: another type than text/csv (415), more than MAX_BODY_BYTES (413), and checked by the same
// rules as the server's stream (domain/import/uploadedText.ts).
import { HttpError, MAX_BODY_BYTES } from "../../contract/errors.ts";
import { isCsvMediaType, NOT_A_CSV_BODY } from "../../domain/http/mediaType.ts";
import { textFactsOf, type TextFacts } from "../../domain/import/uploadedText.ts";

export function refuseUnlessCsv(request: Request): void {
  if (!isCsvMediaType(request.headers.get("content-type"))) throw new HttpError(415, NOT_A_CSV_BODY);
}

export async function receiveFile(request: Request): Promise<{ content: string; facts: TextFacts }> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) throw new HttpError(413, "Request body is too large");
  return { content: new TextDecoder().decode(bytes), facts: textFactsOf(bytes) };
}
