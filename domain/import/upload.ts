// A member file sent from the browser (openapi.yaml uploadMemberFile) is refused whole, before any
// run starts, for what would make the whole import fail: no payer or an unknown practice (seen in
// the request's parameters, before its body is read), or a body that is empty, not UTF-8 text or
// whose header is not a member file's (seen as it is received: uploadedText.ts). Both backends
// check these alike; the rows are then read as every other import reads them (memberFile.ts).
import { MAX_BODY_BYTES, type FieldProblem } from "../../contract/errors.ts";
import { brandOfFileName, headerProblem } from "./memberFile.ts";
import { headerOf, type TextFacts } from "./uploadedText.ts";

/** What the request says of the file, besides its bytes. */
export interface UploadTarget {
  fileName: string;
  brand?: string;
  practice?: string;
}

/** The payer of an upload: its own, or the one its file's name begins with. */
export const brandOfUpload = (upload: UploadTarget) => upload.brand ?? brandOfFileName(upload.fileName);

/** Why the upload cannot be imported whatever its bytes, by parameter. */
export function uploadTargetProblems(upload: UploadTarget, practiceKnown: boolean): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!brandOfUpload(upload)) problems.push({ field: "brand", message: "is required: the file's name does not begin with a payer (DENTA, MCNA, UHC or TMHP)" });
  if (upload.practice !== undefined && !practiceKnown) problems.push({ field: "practice", message: "names no practice" });
  return problems;
}

/** Why the received file cannot be imported at all (the request's body), or none when its rows may be read. */
export function uploadBodyProblems(upload: UploadTarget, facts: TextFacts): FieldProblem[] {
  const problem = textProblem(upload.fileName, facts, notTextFile);
  if (problem) return [{ field: "body", message: problem }];
  const header = headerProblem(upload.fileName, headerOf(facts.head), upload.practice !== undefined);
  return header ? [{ field: "body", message: `is not a members file: ${header}` }] : [];
}

/** A file with nothing in it, or one whose bytes are not UTF-8 text (`notText` says how the layout asks for it). */
export function textProblem(fileName: string, facts: TextFacts, notText: (name: string) => string): string | undefined {
  if (facts.notText) return notText(fileName);
  return facts.blank ? emptyFile(fileName) : undefined;
}

export const emptyFile = (name: string) => `${name} is empty`;

export const notTextFile = (name: string) => `${name} is not a text file: save the payer's list as CSV (UTF-8) and choose that file.`;

export const importRunning = (brand: string) =>
  `The ${brand.toUpperCase()} import is running already (here or on another server): try again when it has finished`;

/** getMemberImport's refused rows: the first ones by line (the run's count has them all). */
export const REJECTIONS_SHOWN = 1000;

/**
 * openapi.yaml UploadFileName: a flat name ending in .csv, without line breaks, control characters
 * or bidirectional overrides (the name is written in run logs and shown to people).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what a name may not hold
export const isCsvFileName = (name: string) => /^[^/\\\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]*\.csv$/i.test(name) && name.length <= 200;

export const notCsvFile = (name: string) => `${name} is not a CSV file: export the payer's list as CSV (comma-separated values) and choose that file.`;

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toLocaleString("en-US", { maximumFractionDigits: 1 })} MB`;

/** How many files of at most MAX_BODY_BYTES a file of `bytes` makes. */
export const partsNeeded = (bytes: number) => Math.max(1, Math.ceil(bytes / MAX_BODY_BYTES));

/** The file is the request's body, byte for byte: a file over MAX_BODY_BYTES is refused whole (413). */
export const tooLargeToSend = (bytes: number) => bytes > MAX_BODY_BYTES;

export const fileTooLarge = (name: string, bytes: number) =>
  `${name} is ${megabytes(bytes)}: files up to ${megabytes(MAX_BODY_BYTES)} can be imported from the browser. ` +
  `Split it into ${partsNeeded(bytes)} files of at most ${megabytes(MAX_BODY_BYTES)}, or import it on the server with npm run import.`;
