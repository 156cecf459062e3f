// Imports one payer member file: streamed through papaparse in small pieces (a file of any size is
// never held in memory, and no piece holds the event loop for long), every row checked, good rows
// upserted in batches, every refused row reported with its line and reason. A batch, its refused
// rows and the run's counts commit in one transaction, so the run's count of rows read is exactly
// what is written: an import stopped halfway leaves whole batches and can go on after the last one
// (`resume`). Running the whole file again instead rewrites those batches unchanged.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { basename } from "node:path";
import type { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Kysely } from "kysely";
import Papa from "papaparse";
import type { Database } from "../db/database.ts";
import type { RawRow } from "../../domain/import/columns.ts";
import { bytesOfRow, daysExtracted, headerProblem, memberRowReader, SUMMARY_EXAMPLES, type Rejection } from "../../domain/import/memberFile.ts";
import type { MemberRow, RowRules } from "../../domain/import/memberRow.ts";
import { practicesByAbbr, writeBatch } from "./import.repository.ts";

const BATCH_SIZE = 500;
/** Text handed to the parser at once: a piece of 16 kB parses in about a millisecond. */
const PIECE_CHARS = 16 * 1024;
/** Rows checked between two turns of the event loop, so that other requests are served meanwhile. */
const ROWS_PER_TURN = 250;

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
  /** With each written batch, in its transaction (`within`): the run's counts. */
  onProgress?: (progress: ImportProgress, within: Kysely<Database>) => Promise<void> | void;
  /** After each batch has committed (what the command prints). */
  onCommitted?: (progress: ImportProgress) => void;
  /** The rows refused in the batch being written, each with its line (the header is line 1), in its transaction. */
  onRejected: (file: string, rejections: Rejection[], within: Kysely<Database>) => Promise<void>;
  /** Go on after the rows a stopped run wrote: they are read again (for duplicates) but not written. */
  resume?: ResumePoint;
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

/** What a stopped run had done: its counts, and the first rows it refused (for the summary). */
export interface ResumePoint {
  rowsRead: number;
  rowsWritten: number;
  rowsRejected: number;
  examples: Rejection[];
}

/** Text in pieces the parser takes one at a time; a multi-byte character split between chunks is kept whole. */
export async function* textPieces(chunks: AsyncIterable<Buffer | string> | Iterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder("utf8");
  for await (const chunk of chunks) {
    const text = typeof chunk === "string" ? chunk : decoder.write(chunk);
    for (let start = 0; start < text.length; start += PIECE_CHARS) yield text.slice(start, start + PIECE_CHARS);
  }
  const rest = decoder.end();
  if (rest) yield rest;
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

  const resume = options.resume;
  const summary: ImportSummary = {
    file,
    rowsRead: 0,
    rowsWritten: resume?.rowsWritten ?? 0,
    rowsRejected: resume?.rowsRejected ?? 0,
    bytesRead: 0,
    bytesTotal: size,
    inserted: 0,
    updated: 0,
    examples: [...(resume?.examples ?? [])].slice(0, SUMMARY_EXAMPLES),
  };
  const readRow = memberRowReader(rules);
  let batch: MemberRow[] = [];
  let rejected: Rejection[] = [];
  let rowsInBatch = 0;

  const flush = async () => {
    options.signal?.throwIfAborted();
    const progress: ImportProgress = {
      file,
      rowsRead: summary.rowsRead,
      rowsWritten: summary.rowsWritten + batch.length,
      rowsRejected: summary.rowsRejected + rejected.length,
      bytesRead: summary.bytesRead,
      bytesTotal: size,
    };
    const written = await writeBatch(db, batch, stamp, file, options.auditAs, async (trx) => {
      await options.onRejected(file, rejected, trx);
      await options.onProgress?.(progress, trx);
    });
    summary.inserted += written.inserted.length;
    summary.updated += written.updated.length;
    summary.rowsWritten = progress.rowsWritten;
    summary.rowsRejected = progress.rowsRejected;
    options.onCommitted?.(progress);
    summary.examples.push(...rejected.slice(0, SUMMARY_EXAMPLES - summary.examples.length));
    batch = [];
    rejected = [];
    rowsInBatch = 0;
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
  let sinceTurn = 0;
  try {
    for await (const raw of parser as AsyncIterable<RawRow>) {
      if (!headerChecked) checkHeader();
      summary.bytesRead = Math.min(size, summary.bytesRead + bytesOfRow(raw));
      if ((sinceTurn += 1) >= ROWS_PER_TURN) {
        sinceTurn = 0;
        await nextTurn();
      }
      const outcome = readRow(raw);
      if (outcome.kind === "blank") continue;
      summary.rowsRead += 1;
      // Rows a stopped run wrote: read again for the duplicate rule, written and counted already.
      if (resume && summary.rowsRead <= resume.rowsRead) continue;
      rowsInBatch += 1;
      if (outcome.kind === "member") batch.push(outcome.member);
      else rejected.push(outcome.rejection);
      if (rowsInBatch >= batchSize) await flush();
    }
    if (!headerChecked) checkHeader();
    summary.bytesRead = size;
    if (rowsInBatch > 0 || !resume) await flush();
  } finally {
    input.destroy();
  }
  return summary;
}
