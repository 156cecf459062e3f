// Imports one payer member file: streamed through papaparse (a file of any size is never held in
// memory), every row checked, good rows upserted in batches (each batch one statement, committed on
// its own), every refused row reported with its line and reason. An import stopped halfway leaves
// the batches written so far; running it again rewrites them unchanged and writes the rest.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { basename } from "node:path";
import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import Papa from "papaparse";
import type { Database } from "../db/database.ts";
import type { RawRow } from "../../domain/import/columns.ts";
import { bytesOfRow, daysExtracted, headerProblem, memberRowReader, SUMMARY_EXAMPLES, type Rejection } from "../../domain/import/memberFile.ts";
import type { MemberRow, RowRules } from "../../domain/import/memberRow.ts";
import { practicesByAbbr, writeBatch } from "./import.repository.ts";

const BATCH_SIZE = 500;

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
  onRejected: (file: string, rejections: Rejection[]) => Promise<void>;
  /** Who the audit log names: an administrator's upload; the command and the inbox job have no user. */
  auditAs?: { userId: number; address: string };
}

/** A member file to read: its name, size and time, and its bytes as a stream. */
export interface MemberFileSource {
  name: string;
  size: number;
  modifiedAt: Date;
  open: () => Readable;
}

/** A file on disk. */
export async function fileSource(path: string): Promise<MemberFileSource> {
  const { size, mtime } = await stat(path);
  return { name: basename(path), size, modifiedAt: mtime, open: () => createReadStream(path) };
}

/** A file received whole (an administrator's upload). */
export function textSource(name: string, text: string, modifiedAt: Date): MemberFileSource {
  return { name, size: Buffer.byteLength(text), modifiedAt, open: () => Readable.from([text]) };
}

export interface ImportSummary extends ImportProgress {
  inserted: number;
  updated: number;
  /** The first few refusals, for the run's message. */
  examples: Rejection[];
}

/** A file that cannot be imported at all (nothing of it is written). */
export class ImportFileError extends Error {}

export async function importMembersFile(db: Kysely<Database>, source: MemberFileSource, options: ImportOptions): Promise<ImportSummary> {
  const { name: file, size } = source;
  const extractedAt = options.extractedAt ?? source.modifiedAt;
  const practices = await practicesByAbbr(db);
  const practice = options.practice ? practices.get(options.practice.toUpperCase()) : undefined;
  if (options.practice && !practice) throw new ImportFileError(`unknown practice code '${options.practice}'`);
  const rules: RowRules = { brand: options.brand, practices, practice, extractedOn: extractedAt.toISOString().slice(0, 10) };
  const stamp = { brand: options.brand, extractedAt, daysExtracted: daysExtracted(extractedAt, options.now) };
  const batchSize = options.batchSize ?? BATCH_SIZE;

  const summary: ImportSummary = { file, rowsRead: 0, rowsWritten: 0, rowsRejected: 0, bytesRead: 0, bytesTotal: size, inserted: 0, updated: 0, examples: [] };
  const readRow = memberRowReader(rules);
  let batch: MemberRow[] = [];
  let rejected: Rejection[] = [];

  const flush = async () => {
    options.signal?.throwIfAborted();
    const written = await writeBatch(db, batch, stamp, file, options.auditAs);
    await options.onRejected(file, rejected);
    summary.inserted += written.inserted.length;
    summary.updated += written.updated.length;
    summary.rowsWritten += batch.length;
    summary.rowsRejected += rejected.length;
    summary.examples.push(...rejected.slice(0, SUMMARY_EXAMPLES - summary.examples.length));
    batch = [];
    rejected = [];
    await options.onProgress?.({ ...summary });
  };

  const input = source.open();
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
    const problem = headerProblem(file, header, practice !== undefined);
    if (problem) throw new ImportFileError(problem);
  };
  try {
    for await (const raw of parser as AsyncIterable<RawRow>) {
      if (!headerChecked) checkHeader();
      summary.bytesRead = Math.min(size, summary.bytesRead + bytesOfRow(raw));
      const outcome = readRow(raw);
      if (outcome.kind === "blank") continue;
      summary.rowsRead += 1;
      if (outcome.kind === "member") batch.push(outcome.member);
      else rejected.push(outcome.rejection);
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
