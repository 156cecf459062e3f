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

/** The header of a file's text, its column names trimmed as the import trims them. */
export function headerOf(text: string): string[] {
  const [first = []] = Papa.parse<string[]>(text, { preview: 1 }).data;
  return first.map((column) => column.trim());
}

/** The payer of an upload: its own, or the one its file's name begins with. */
export const brandOfUpload = (upload: Upload) => upload.brand ?? brandOfFileName(upload.fileName);

/** Why the upload cannot be imported at all, by field; none when its rows may be read. */
export function uploadProblems(upload: Upload, practiceKnown: boolean): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!brandOfUpload(upload)) problems.push({ field: "brand", message: "is required: the file's name does not begin with a payer (DENTA, MCNA, UHC or TMHP)" });
  if (upload.practice !== undefined && !practiceKnown) problems.push({ field: "practice", message: "names no practice" });
  const header = headerProblem(upload.fileName, headerOf(upload.content), upload.practice !== undefined);
  if (header) problems.push({ field: "content", message: `is not a members file: ${header}` });
  return problems;
}

export const importRunning = (brand: string) =>
  `The ${brand.toUpperCase()} import is running already (here or on another server): try again when it has finished`;

/** getMemberImport's refused rows: the first ones by line (the run's count has them all). */
export const REJECTIONS_SHOWN = 1000;

/** openapi.yaml MemberFileUpload.fileName: a flat name ending in .csv. */
export const isCsvFileName = (name: string) => /^[^/\\]*\.csv$/i.test(name) && name.length <= 200;

export const notCsvFile = (name: string) => `${name} is not a CSV file: export the payer's list as CSV (comma-separated values) and choose that file.`;

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toLocaleString("en-US", { maximumFractionDigits: 1 })} MB`;

export const fileTooLarge = (name: string, bytes: number) =>
  `${name} is ${megabytes(bytes)}: files up to ${megabytes(MAX_BODY_BYTES)} can be imported from the browser. ` +
  "Split it in two, or import it on the server with npm run import.";

/** The bytes of the request that would carry the upload (the server refuses a body over MAX_BODY_BYTES whole). */
export const uploadBytes = (upload: Upload & { extractedAt?: string }) => new TextEncoder().encode(JSON.stringify(upload)).length;

export const tooLargeToSend = (upload: Upload & { extractedAt?: string }) => uploadBytes(upload) > MAX_BODY_BYTES;
