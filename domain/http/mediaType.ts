// Request bodies are JSON only (openapi.yaml: every requestBody is application/json). A body of any
// other type is answered 415 before anything reads it; an empty body is no body, whatever its label,
// and the contract's validation decides whether the call needed one.

export const UNSUPPORTED_MEDIA_TYPE = "Unsupported content type: send the body as application/json";

/** Whether a Content-Type header names JSON (`application/json`, any parameters such as charset). */
export function isJsonMediaType(header: string | null | undefined): boolean {
  const [type = ""] = (header ?? "").split(";");
  return type.trim().toLowerCase() === "application/json";
}

/** A URL whose percent-encoding cannot be decoded (`%ZZ`). */
export const BAD_URL = "The address is not validly percent-encoded";

/** A path segment longer than any parameter of the contract may be (the server's router refuses it). */
export const PATH_TOO_LONG = "A part of the address is longer than any call accepts";
