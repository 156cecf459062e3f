// One CSV file imported, whatever its layout (a payer's member file, a practice feed): streamed
// through papaparse (a file of any size is never held in memory), its header checked first (a file
// its layout cannot read is refused whole, nothing of it written), every row read by the layout and
// the rows kept in batches (import_batches) as they are read: a batch, its refused rows and the
// run's count of rows read commit together. Writers (batchWriters.ts) take the kept batches and
// write them by the layout's set-based SQL, each batch in one transaction that deletes it and adds
// its rows to the run's count of rows written. So a run stopped anywhere goes on (`resume`) with the
// batches kept and then the rows after those it read, reading the rows before again only for the
// layout's rules that look back (a member's second row in one file), never writing a row twice.
// The event loop gets a turn at least every few milliseconds of reading, and after every batch written.
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
import { bytesOfRow, SUMMARY_EXAMPLES, type Rejection } from "../../domain/import/memberFile.ts";
import { startWriters, type BatchWriting } from "./batchWriters.ts";
import { forgetBatches, forgetEndedRuns, markFileRead, nextBatchNumber, stageBatch } from "./importBatches.repository.ts";

/** Text handed to the parser at once: a piece of 16 kB parses in about a millisecond. */
const PIECE_CHARS = 16 * 1024;
/** The longest stretch of reading and checking rows between two turns of the event loop. */
const TURN_MS = 5;

/** A file to read: its name, size and time, and its bytes as a stream (a file on disk, a stored upload). */
export interface FileSource {
  name: string;
  size: number;
  modifiedAt: Date;
  open: () => Readable;
}

export async function fileSource(path: string): Promise<FileSource> {
  const { size, mtime } = await stat(path);
  return { name: basename(path), size, modifiedAt: mtime, open: () => createReadStream(path) };
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

/**
 * A file's rows as the parser reads them from its stream, a piece of the stream at a time: the
 * stream waits while a piece's rows are used, so memory holds one piece whatever the file's size.
 * (The parser's own stream of rows cost some 15 µs a row in stream machinery, ten times its parsing.)
 */
async function* parsedRows(input: Readable, config: Pick<Papa.ParseConfig, "header" | "transformHeader">): AsyncGenerator<RawRow> {
  const pieces: RawRow[][] = [];
  let parser: Papa.Parser | undefined;
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const woken = () => {
    wake?.();
    wake = undefined;
  };
  // Text, not bytes: a character split between two reads is decoded whole.
  input.setEncoding("utf8");
  Papa.parse<RawRow>(input, {
    ...config,
    chunk: (results, handle) => {
      parser = handle;
      handle.pause();
      input.pause();
      pieces.push(results.data);
      woken();
    },
    complete: () => {
      ended = true;
      woken();
    },
    error: (error) => {
      failure = error;
      woken();
    },
  });
  for (;;) {
    const piece = pieces.shift();
    if (piece) {
      yield* piece;
      input.resume();
      parser!.resume();
      continue;
    }
    if (failure !== undefined) throw failure;
    if (ended) return;
    await new Promise<void>((resolve) => (wake = resolve));
  }
}

export type RowOutcome<Row> = { kind: "blank" } | { kind: "row"; row: Row } | { kind: "rejected"; rejection: Rejection };

/**
 * What a file's layout is, once opened on the database (its practices known). Methods, not function
 * properties: a run holds any layout as FileLayout<unknown, …>, whose rows it only passes back.
 */
export interface FileLayout<Row, Tally extends Record<string, number>> {
  batchSize: number;
  /** Whether batches may be written side by side, in any order (no row depends on another's being written first). */
  anyOrder: boolean;
  /** Why the file cannot be read as this layout at all, or undefined when its header will do. */
  headerProblem(header: readonly string[]): string | undefined;
  /** Reads the file's rows in order, each with its line (the header is line 1). */
  rowReader(): (raw: RawRow) => RowOutcome<Row>;
  /** A row as read back from its kept batch's JSON (dates come back as text). */
  revive(record: unknown): Row;
  /** Writes one batch of checked rows in the run's transaction; what it did, added up over the file. */
  write(trx: Kysely<Database>, rows: Row[]): Promise<Tally>;
  /** The run's message for the file. */
  summary(outcome: FileOutcome<Tally>): string;
  /** After each batch written has committed, what follows from what it wrote (a feed's members followed as a save's). */
  afterCommit?(): Promise<void>;
}

/** A file that cannot be imported at all: nothing of it is written. */
export class FileRefused extends Error {}

export interface FileProgress {
  file: string;
  rowsRead: number;
  /** Rows accepted and written (whether or not they changed anything). */
  rowsWritten: number;
  rowsRejected: number;
  /** Bytes of the file parsed so far (the size once it is read). */
  bytesRead: number;
  bytesTotal: number;
}

export interface FileOutcome<Tally> extends FileProgress {
  tally: Tally;
  /** The first few refusals, for the run's message. */
  examples: Rejection[];
}

/** What a stopped run had done: its counts, and the first rows it refused (for the summary). */
export interface ResumePoint {
  rowsRead: number;
  rowsWritten: number;
  rowsRejected: number;
  examples: Rejection[];
  /** The file was read to its end: only the batches kept are left to write. */
  fileRead: boolean;
}

export interface FileRunOptions {
  runId: number;
  /** Writers side by side for a layout whose batches may be written in any order. */
  writers: number;
  now: () => Date;
  signal?: AbortSignal;
  /** With each batch kept, in its transaction (`within`): its refused rows and the run's counts of rows read. */
  onBatch: (progress: Omit<FileProgress, "rowsWritten">, rejections: Rejection[], within: Kysely<Database>) => Promise<void>;
  /** After each batch kept has committed (what the command prints). */
  onCommitted?: (progress: FileProgress) => void;
  resume?: ResumePoint;
}

const add = <Tally extends Record<string, number>>(sum: Tally, more: Tally): Tally =>
  Object.fromEntries(Object.entries(more).map(([key, value]) => [key, (sum[key] ?? 0) + value])) as Tally;

export async function importFile<Row, Tally extends Record<string, number>>(
  db: Kysely<Database>,
  layout: FileLayout<Row, Tally>,
  source: FileSource,
  options: FileRunOptions,
): Promise<FileOutcome<Tally>> {
  const { name: file, size } = source;
  const { resume, runId } = options;
  const outcome: FileOutcome<Tally> = {
    file,
    rowsRead: resume?.rowsRead ?? 0,
    rowsWritten: resume?.rowsWritten ?? 0,
    rowsRejected: resume?.rowsRejected ?? 0,
    bytesRead: resume?.fileRead ? size : 0,
    bytesTotal: size,
    tally: {} as Tally,
    examples: [...(resume?.examples ?? [])].slice(0, SUMMARY_EXAMPLES),
  };
  await forgetEndedRuns(db);
  const writing = startWriters(db, runId, layout.anyOrder ? options.writers : 1, (trx, rows: Row[]) => layout.write(trx, rows), (record) => layout.revive(record), (written) => {
    outcome.rowsWritten += written.rows;
    outcome.tally = add(outcome.tally, written.tally);
  }, options.signal, async () => layout.afterCommit?.());
  try {
    if (!resume?.fileRead) await readFile(db, layout, source, outcome, options, writing);
    writing.read();
    await writing.done;
  } catch (error) {
    writing.stop();
    await writing.done.catch(() => undefined);
    // A run stopped by the server stopping keeps its batches to go on with; any other ends here.
    if (!options.signal?.aborted) await forgetBatches(db, runId);
    throw error;
  }
  return outcome;
}

/** Reads the file (after the rows a stopped run read), keeping its rows in batches for the writers. */
async function readFile<Row, Tally extends Record<string, number>>(
  db: Kysely<Database>,
  layout: FileLayout<Row, Tally>,
  source: FileSource,
  outcome: FileOutcome<Tally>,
  options: FileRunOptions,
  writing: BatchWriting,
): Promise<void> {
  const { name: file, size } = source;
  const { resume, runId } = options;
  const readRow = layout.rowReader();
  let batch = await nextBatchNumber(db, runId);
  let rows: Row[] = [];
  let rejected: Rejection[] = [];
  let rowsRead = 0;

  const keep = async (last: boolean) => {
    options.signal?.throwIfAborted();
    if (writing.failure() !== undefined) throw writing.failure();
    const taken = { rows, rejected };
    rows = [];
    rejected = [];
    const progress = { file, rowsRead: outcome.rowsRead, rowsRejected: outcome.rowsRejected + taken.rejected.length, bytesRead: outcome.bytesRead, bytesTotal: size };
    await db.transaction().execute(async (trx) => {
      if (taken.rows.length > 0) await stageBatch(trx, runId, { batch: batch++, rows: taken.rows.length, records: JSON.stringify(taken.rows) });
      await options.onBatch(progress, taken.rejected, trx);
      if (last) await markFileRead(trx, runId, options.now());
    });
    outcome.rowsRejected = progress.rowsRejected;
    outcome.examples.push(...taken.rejected.slice(0, SUMMARY_EXAMPLES - outcome.examples.length));
    if (taken.rows.length > 0) writing.kept();
    options.onCommitted?.({ ...progress, rowsWritten: outcome.rowsWritten });
  };

  const input = source.open();
  const header: string[] = [];
  const parsed = parsedRows(input, {
    header: true,
    transformHeader: (column: string) => {
      header.push(column.trim());
      outcome.bytesRead += Buffer.byteLength(column) + 1;
      return column.trim();
    },
  });
  let headerChecked = false;
  const checkHeader = () => {
    headerChecked = true;
    const problem = layout.headerProblem(header);
    if (problem) throw new FileRefused(problem);
  };
  let turnAt = performance.now();
  try {
    for await (const raw of parsed) {
      if (!headerChecked) checkHeader();
      outcome.bytesRead = Math.min(size, outcome.bytesRead + bytesOfRow(raw));
      if (performance.now() - turnAt >= TURN_MS) {
        await nextTurn();
        turnAt = performance.now();
      }
      const read = readRow(raw);
      if (read.kind === "blank") continue;
      rowsRead += 1;
      // Rows a stopped run kept: read again for the rules that look back, kept and counted already.
      if (resume && rowsRead <= resume.rowsRead) continue;
      outcome.rowsRead = rowsRead;
      if (read.kind === "row") rows.push(read.row);
      else rejected.push(read.rejection);
      if (rows.length + rejected.length >= layout.batchSize) await keep(false);
    }
    if (!headerChecked) checkHeader();
    outcome.bytesRead = size;
    await keep(true);
  } finally {
    input.destroy();
  }
}
