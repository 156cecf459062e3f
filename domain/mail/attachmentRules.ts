// What a feedback attachment may be (openapi.yaml, FeedbackPayload.file): a screenshot (PNG, JPEG,
// GIF, WebP) or a document (PDF, plain text, CSV), and its bytes must be what its declared type
// says. Browsers label a file by its name, so an executable or an HTML page renamed .png is caught
// by its content: file-type reads the magic bytes of the binary types; text must decode as UTF-8
// and hold no control characters besides tabs, line breaks and form feeds (and no magic bytes).
// Office documents are left out on purpose: they are archives that may carry macros.
import { fileTypeFromBuffer } from "file-type";
import type { FieldProblem } from "../../contract/errors.ts";
import { base64Bytes, parseDataUrl } from "./dataUrl.ts";

const PICTURES = ["image/png", "image/jpeg", "image/gif", "image/webp"];
const DOCUMENTS = ["application/pdf"];
const TEXTS = ["text/plain", "text/csv"];
export const ATTACHMENT_TYPES = [...PICTURES, ...DOCUMENTS, ...TEXTS];

export const NOT_ALLOWED = "must be a PNG, JPEG, GIF or WebP picture, a PDF, or plain text or CSV";
export const NOT_WHAT_IT_SAYS = "must hold what its type says: its content is of another kind";

// eslint-disable-next-line no-control-regex -- control characters (but tab, line and page breaks) mark a binary file
const CONTROL = /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/;

function isPlainText(bytes: Uint8Array): boolean {
  try {
    return !CONTROL.test(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return false;
  }
}

/** The problem of a feedback's `file` (a base64 data URL the contract has checked), if any. */
export async function attachmentProblems(file: string | undefined): Promise<FieldProblem[]> {
  if (file === undefined) return [];
  const decoded = parseDataUrl(file);
  if (!decoded || !ATTACHMENT_TYPES.includes(decoded.contentType)) return [{ field: "file", message: NOT_ALLOWED }];
  const bytes = base64Bytes(decoded.base64);
  const sniffed = await fileTypeFromBuffer(bytes);
  const matches = TEXTS.includes(decoded.contentType) ? sniffed === undefined && isPlainText(bytes) : sniffed?.mime === decoded.contentType;
  return matches ? [] : [{ field: "file", message: NOT_WHAT_IT_SAYS }];
}
