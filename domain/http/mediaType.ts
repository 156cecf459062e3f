// Request bodies are JSON (openapi.yaml: every requestBody is application/json), but an uploaded
// file's, which is the file itself (text/csv). A body of any other type is answered 415 before
// anything reads it; an empty JSON body is no body, whatever its label, and the contract's
// validation decides whether the call needed one.

export const UNSUPPORTED_MEDIA_TYPE = "Unsupported content type: send the body as application/json";

/** Whether a Content-Type header names JSON (`application/json`, any parameters such as charset). */
export function isJsonMediaType(header: string | null | undefined): boolean {
  return mediaTypeOf(header) === "application/json";
}

/** The media type of an uploaded file (openapi.yaml UploadedCsvFile). */
export const CSV_MEDIA_TYPE = "text/csv";

export const NOT_A_CSV_BODY = "Unsupported content type: send the file as text/csv";

/** Whether a Content-Type header names CSV (`text/csv`, any parameters such as charset). */
export const isCsvMediaType = (header: string | null | undefined) => mediaTypeOf(header) === CSV_MEDIA_TYPE;

const mediaTypeOf = (header: string | null | undefined) => (header ?? "").split(";")[0]!.trim().toLowerCase();

/** A URL whose percent-encoding cannot be decoded (`%ZZ`). */
export const BAD_URL = "The address is not validly percent-encoded";

/** A path segment longer than any parameter of the contract may be (the server's router refuses it). */
export const PATH_TOO_LONG = "A part of the address is longer than any call accepts";
