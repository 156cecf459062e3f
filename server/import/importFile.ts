// Imports one payer member file: streamed through papaparse (a file of any size is never held in
// memory), every row checked, good rows upserted in batches (each batch one statement, committed on
// its own), every refused row reported with its line and reason. An import stopped halfway leaves
// the batches written so far; running it again rewrites them unchanged and writes the rest.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { basename } from "node:path";
import type { Kysely } from "kysely";
import Papa from "papaparse";
import type { Database } from "../db/database.ts";
import { missingColumns, type RawRow } from "./columns.ts";
import { practicesByAbbr, writeBatch } from "./import.repository.ts";
import { checkRow, type MemberRow, type RowRules } from "./validate.ts";

const BATCH_SIZE = 500;
const DAY_MS = 86_400_000;
/** Reasons shown in the run's message; the run log keeps all of them. */
const EXAMPLES = 3;

export interface ImportProgress {
  file: string;
  rowsRead: number;
  rowsWritten: number;
  rowsRejected: number;
  /** Bytes of the file parsed so far (the size once it is read). */
  bytesRead: number;
  bytesTotal: number;
}

export interface ImportOptions {
  /** The payer: denta, mcna, uhc or tmhp. */
  brand: string;
  /** Every row belongs to this practice (abbreviation). */
  practice?: string;
  /** When the payer extracted the file (default: the file's modification time). */
  extractedAt?: Date;
  now: Date;
  batchSize?: number;
  signal?: AbortSignal;
  /** After each written batch. */
  onProgress?: (progress: ImportProgress) => Promise<void> | void;
  /** The rows refused in the batch just written, each with its line (the header is line 1). */
  onRejected: (file: string, rejections: { line: number; reason: string }[]) => Promise<void>;
}

export interface ImportSummary extends ImportProgress {
  inserted: number;
  updated: number;
  /** The first few refusals, for the run's message. */
  examples: { line: number; reason: string }[];
}

/** A file that cannot be imported at all (nothing of it is written). */
export class ImportFileError extends Error {}

const newlinesIn = (row: RawRow) => Object.values(row).reduce((sum, value) => sum + (typeof value === "string" ? value.split("\n").length - 1 : 0), 0);
/** The bytes a row took in the file, but for quotes: progress by what is parsed, not by what the stream read ahead. */
const bytesOf = (row: RawRow) => Object.values(row).flat().reduce((sum, value) => sum + Buffer.byteLength(value ?? "") + 1, 0);
const isBlank = (row: RawRow) => !row.__parsed_extra && Object.values(row).every((value) => typeof value !== "string" || value.trim() === "");

export async function importMembersFile(db: Kysely<Database>, path: string, options: ImportOptions): Promise<ImportSummary> {
  const file = basename(path);
  const { size, mtime } = await stat(path);
  const extractedAt = options.extractedAt ?? mtime;
  const practices = await practicesByAbbr(db);
  const practice = options.practice ? practices.get(options.practice.toUpperCase()) : undefined;
  if (options.practice && !practice) throw new ImportFileError(`unknown practice code '${options.practice}'`);
  const rules: RowRules = { brand: options.brand, practices, practice, extractedOn: extractedAt.toISOString().slice(0, 10) };
  const stamp = { brand: options.brand, extractedAt, daysExtracted: Math.max(0, Math.floor((options.now.getTime() - extractedAt.getTime()) / DAY_MS)) };
  const batchSize = options.batchSize ?? BATCH_SIZE;

  const summary: ImportSummary = { file, rowsRead: 0, rowsWritten: 0, rowsRejected: 0, bytesRead: 0, bytesTotal: size, inserted: 0, updated: 0, examples: [] };
  const firstLineOf = new Map<string, number>();
  let batch: MemberRow[] = [];
  let rejected: { line: number; reason: string }[] = [];

  const flush = async () => {
    options.signal?.throwIfAborted();
    const written = await writeBatch(db, batch, stamp, file);
    await options.onRejected(file, rejected);
    summary.inserted += written.inserted.length;
    summary.updated += written.updated.length;
    summary.rowsWritten += batch.length;
    summary.rowsRejected += rejected.length;
    summary.examples.push(...rejected.slice(0, EXAMPLES - summary.examples.length));
    batch = [];
    rejected = [];
    await options.onProgress?.({ ...summary });
  };

  const input = createReadStream(path);
  const header: string[] = [];
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
    header: true,
    transformHeader: (column: string) => {
      header.push(column.trim());
      summary.bytesRead += Buffer.byteLength(column) + 1;
      return column.trim();
    },
  });
  input.pipe(parser);
  let headerChecked = false;
  const checkHeader = () => {
    headerChecked = true;
    const missing = missingColumns(header, practice !== undefined);
    if (missing.length > 0) throw new ImportFileError(`${file} has an unexpected header (missing ${missing.map((c) => `'${c}'`).join(", ")}); nothing imported`);
  };
  let line = 2;
  try {
    for await (const raw of parser as AsyncIterable<RawRow>) {
      if (!headerChecked) checkHeader();
      const rowLine = line;
      line += 1 + newlinesIn(raw);
      summary.bytesRead = Math.min(size, summary.bytesRead + bytesOf(raw));
      if (isBlank(raw)) continue;
      summary.rowsRead += 1;
      const checked = checkRow(raw, rules);
      if (checked.ok) {
        const key = `${checked.member.subscriberId}\u0000${checked.member.practiceId}`;
        const first = firstLineOf.get(key);
        if (first === undefined) {
          firstLineOf.set(key, rowLine);
          batch.push(checked.member);
        } else {
          rejected.push({ line: rowLine, reason: `duplicate Subscriber_ID in file (same practice as line ${first})` });
        }
      } else {
        rejected.push({ line: rowLine, reason: checked.reasons.join("; ") });
      }
      if (batch.length + rejected.length >= batchSize) await flush();
    }
    if (!headerChecked) checkHeader();
    summary.bytesRead = size;
    await flush();
  } finally {
    input.destroy();
  }
  return summary;
}
