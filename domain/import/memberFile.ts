// Reading a payer's member file row by row, the same way wherever it comes from (`npm run import`,
// the import inbox, an administrator's upload) and whichever backend reads it: the header checked
// first, each row's line in the file (the header is line 1; a quoted field may span lines), blank
// rows skipped, every row checked (memberRow.ts) and a second row of the same member refused.
import { BRANDS } from "../vocabulary.ts";
import { missingColumns, type RawRow } from "./columns.ts";
import { checkRow, type MemberRow, type RowRules } from "./memberRow.ts";

export interface Rejection {
  /** The row's line in the file (the header is line 1). */
  line: number;
  reason: string;
}

/** Refused rows a run's message names (the run log keeps all of them). */
export const SUMMARY_EXAMPLES = 3;

export type RowOutcome = { kind: "blank" } | { kind: "member"; member: MemberRow } | { kind: "rejected"; rejection: Rejection };

/** Why a file cannot be imported at all (nothing of it is written), or undefined when its header will do. */
export function headerProblem(file: string, header: readonly string[], practiceGiven: boolean): string | undefined {
  const missing = missingColumns(header, practiceGiven);
  if (missing.length === 0) return undefined;
  return `${file} has an unexpected header (missing ${missing.map((column) => `'${column}'`).join(", ")}); nothing imported`;
}

const encoder = new TextEncoder();
export const newlinesIn = (row: RawRow) => Object.values(row).reduce((sum, value) => sum + (typeof value === "string" ? value.split("\n").length - 1 : 0), 0);
export const isBlank = (row: RawRow) => !row.__parsed_extra && Object.values(row).every((value) => typeof value !== "string" || value.trim() === "");

/** The bytes a row took in the file, but for quotes: progress by what is parsed, not by what a stream read ahead. */
export const bytesOfRow = (row: RawRow) => Object.values(row).flat().reduce((sum, value) => sum + bytesOf(value ?? "") + 1, 0);

const ASCII = /^[\t -~]*$/;
/** A text's UTF-8 bytes, counted without encoding it when it is ASCII (as nearly every cell is). */
const bytesOf = (text: string) => (ASCII.test(text) ? text.length : encoder.encode(text).length);

/** Reads the rows of one file in order: each row's outcome, with its line. */
export function memberRowReader(rules: RowRules): (row: RawRow) => RowOutcome {
  const firstLineOf = new Map<string, number>();
  let line = 2;
  return (raw) => {
    const rowLine = line;
    line += 1 + newlinesIn(raw);
    if (isBlank(raw)) return { kind: "blank" };
    const checked = checkRow(raw, rules);
    if (!checked.ok) return { kind: "rejected", rejection: { line: rowLine, reason: checked.reasons.join("; ") } };
    const key = `${checked.member.subscriberId}\u0000${checked.member.practiceId}`;
    const first = firstLineOf.get(key);
    if (first !== undefined) return { kind: "rejected", rejection: { line: rowLine, reason: `duplicate Subscriber_ID in file (same practice as line ${first})` } };
    firstLineOf.set(key, rowLine);
    return { kind: "member", member: checked.member };
  };
}

/** The payer a file's name names by its first word (`DENTA_ELIG_20261116.csv`, `mcna-members.csv`), if any. */
export function brandOfFileName(name: string): string | undefined {
  const word = (/^[a-z]+/i.exec(name.replace(/^.*[\\/]/, ""))?.[0] ?? "").toLowerCase();
  return (BRANDS as readonly string[]).includes(word) ? word : undefined;
}

/** Days_Extracted: whole days from the payer's extraction to the import, never negative. */
export const daysExtracted = (extractedAt: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - extractedAt.getTime()) / 86_400_000));
