// A member file sent from the browser (openapi.yaml uploadMemberFile) is refused whole, before any
// run starts, for what would make the whole import fail: no payer, an unknown practice, or a text
// whose header is not a member file's. Both backends check these alike; the rows are then read as
// every other import reads them (memberFile.ts).
import Papa from "papaparse";
import { MAX_BODY_BYTES, type FieldProblem } from "../../contract/errors.ts";
import { brandOfFileName, headerProblem } from "./memberFile.ts";

export interface Upload {
  fileName: string;
  brand?: string;
  practice?: string;
  content: string;
}

/** No header is this long: the first line is found within it, without papaparse reading a whole file of 10 MB. */
const HEADER_CHARS = 64 * 1024;

/** The header of a file's text, its column names trimmed as the import trims them. */
export function headerOf(text: string): string[] {
  const [first = []] = Papa.parse<string[]>(text.slice(0, HEADER_CHARS), { preview: 1 }).data;
  return first.map((column) => column.trim());
}

/** The payer of an upload: its own, or the one its file's name begins with. */
export const brandOfUpload = (upload: Upload) => upload.brand ?? brandOfFileName(upload.fileName);

/** Why the upload cannot be imported at all, by field; none when its rows may be read. */
export function uploadProblems(upload: Upload, practiceKnown: boolean): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const content = contentProblem(upload);
  if (!brandOfUpload(upload)) problems.push({ field: "brand", message: "is required: the file's name does not begin with a payer (DENTA, MCNA, UHC or TMHP)" });
  if (upload.practice !== undefined && !practiceKnown) problems.push({ field: "practice", message: "names no practice" });
  const header = content ? undefined : headerProblem(upload.fileName, headerOf(upload.content), upload.practice !== undefined);
  if (content) problems.push({ field: "content", message: content });
  else if (header) problems.push({ field: "content", message: `is not a members file: ${header}` });
  return problems;
}

/**
 * A file with nothing in it, or one that is not UTF-8 text: its bytes reach the import already
 * decoded, every byte that is not UTF-8 turned into U+FFFD (the browser's File.text(), the server's
 * JSON body), so that character is the mark of a file that was not text. NUL is never in a CSV.
 */
export function contentProblem({ fileName, content }: Pick<Upload, "fileName" | "content">): string | undefined {
  if (!/\S/.test(content)) return emptyFile(fileName);
  // eslint-disable-next-line no-control-regex -- NUL is the one control character that marks a binary file
  if (/[\uFFFD\u0000]/.test(content)) return notTextFile(fileName);
  return undefined;
}

export const emptyFile = (name: string) => `${name} is empty`;

export const notTextFile = (name: string) => `${name} is not a text file: save the payer's list as CSV (UTF-8) and choose that file.`;

export const importRunning = (brand: string) =>
  `The ${brand.toUpperCase()} import is running already (here or on another server): try again when it has finished`;

/** getMemberImport's refused rows: the first ones by line (the run's count has them all). */
export const REJECTIONS_SHOWN = 1000;

/**
 * openapi.yaml MemberFileUpload.fileName: a flat name ending in .csv, without line breaks, control
 * characters or bidirectional overrides (the name is written in run logs and shown to people).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what a name may not hold
export const isCsvFileName = (name: string) => /^[^/\\\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]*\.csv$/i.test(name) && name.length <= 200;

export const notCsvFile = (name: string) => `${name} is not a CSV file: export the payer's list as CSV (comma-separated values) and choose that file.`;

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toLocaleString("en-US", { maximumFractionDigits: 1 })} MB`;

/** How many files of at most MAX_BODY_BYTES a file of `bytes` makes. */
export const partsNeeded = (bytes: number) => Math.max(1, Math.ceil(bytes / MAX_BODY_BYTES));

export const fileTooLarge = (name: string, bytes: number) =>
  `${name} is ${megabytes(bytes)}: files up to ${megabytes(MAX_BODY_BYTES)} can be imported from the browser. ` +
  `Split it into ${partsNeeded(bytes)} files of at most ${megabytes(MAX_BODY_BYTES)}, or import it on the server with npm run import.`;

/** The bytes of the request that would carry the upload (the server refuses a body over MAX_BODY_BYTES whole). */
export const uploadBytes = (upload: Upload & { extractedAt?: string }) => new TextEncoder().encode(JSON.stringify(upload)).length;

export const tooLargeToSend = (upload: Upload & { extractedAt?: string }) => uploadBytes(upload) > MAX_BODY_BYTES;
