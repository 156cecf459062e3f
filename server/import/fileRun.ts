// One CSV file imported, whatever its layout (a payer's member file, a practice feed): streamed
// through papaparse (a file of any size is never held in memory), its header checked first (a file
// its layout cannot read is refused whole, nothing of it written), every row read by the layout and
// the rows written in batches. A batch, its refused rows and the run's counts commit in one
// transaction: the run's count of rows read is exactly what is written, so an import stopped
// between batches goes on after the last one (`resume`), reading the rows before it again only for
// the layout's rules that look back (a member's second row in one file), never writing them twice.
// The event loop gets a turn at least every few milliseconds of reading, so other requests are
// served meanwhile.
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

export type RowOutcome<Row> = { kind: "blank" } | { kind: "row"; row: Row } | { kind: "rejected"; rejection: Rejection };

/**
 * What a file's layout is, once opened on the database (its practices known). Methods, not function
 * properties: a run holds any layout as FileLayout<unknown, …>, whose rows it only passes back.
 */
export interface FileLayout<Row, Tally extends Record<string, number>> {
  batchSize: number;
  /** Why the file cannot be read as this layout at all, or undefined when its header will do. */
  headerProblem(header: readonly string[]): string | undefined;
  /** Reads the file's rows in order, each with its line (the header is line 1). */
  rowReader(): (raw: RawRow) => RowOutcome<Row>;
  /** Writes one batch of checked rows in the run's transaction; what it did, added up over the file. */
  write(trx: Kysely<Database>, rows: Row[]): Promise<Tally>;
  /** The run's message for the file. */
  summary(outcome: FileOutcome<Tally>): string;
  /** After each batch's commit, what follows from what it wrote (a feed's members followed as a save's). */
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
}

export interface FileRunOptions {
  signal?: AbortSignal;
  /** With each batch, in its transaction (`within`): its refused rows and the run's counts. */
  onBatch: (progress: FileProgress, rejections: Rejection[], within: Kysely<Database>) => Promise<void>;
  /** After each batch has committed (what the command prints). */
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
  const { resume } = options;
  const outcome: FileOutcome<Tally> = {
    file,
    rowsRead: 0,
    rowsWritten: resume?.rowsWritten ?? 0,
    rowsRejected: resume?.rowsRejected ?? 0,
    bytesRead: 0,
    bytesTotal: size,
    tally: {} as Tally,
    examples: [...(resume?.examples ?? [])].slice(0, SUMMARY_EXAMPLES),
  };
  const readRow = layout.rowReader();
  let rows: Row[] = [];
  let rejected: Rejection[] = [];

  const flush = async () => {
    options.signal?.throwIfAborted();
    const taken = { rows, rejected };
    rows = [];
    rejected = [];
    const progress: FileProgress = {
      file,
      rowsRead: outcome.rowsRead,
      rowsWritten: outcome.rowsWritten + taken.rows.length,
      rowsRejected: outcome.rowsRejected + taken.rejected.length,
      bytesRead: outcome.bytesRead,
      bytesTotal: size,
    };
    const tally = await db.transaction().execute(async (trx) => {
      const written = await layout.write(trx, taken.rows);
      await options.onBatch(progress, taken.rejected, trx);
      return written;
    });
    outcome.tally = add(outcome.tally, tally);
    outcome.rowsWritten = progress.rowsWritten;
    outcome.rowsRejected = progress.rowsRejected;
    outcome.examples.push(...taken.rejected.slice(0, SUMMARY_EXAMPLES - outcome.examples.length));
    await layout.afterCommit?.();
    options.onCommitted?.(progress);
  };

  const input = source.open();
  const header: string[] = [];
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
    header: true,
    transformHeader: (column: string) => {
      header.push(column.trim());
      outcome.bytesRead += Buffer.byteLength(column) + 1;
      return column.trim();
    },
  });
  input.pipe(parser);
  let headerChecked = false;
  const checkHeader = () => {
    headerChecked = true;
    const problem = layout.headerProblem(header);
    if (problem) throw new FileRefused(problem);
  };
  let turnAt = performance.now();
  try {
    for await (const raw of parser as AsyncIterable<RawRow>) {
      if (!headerChecked) checkHeader();
      outcome.bytesRead = Math.min(size, outcome.bytesRead + bytesOfRow(raw));
      if (performance.now() - turnAt >= TURN_MS) {
        await nextTurn();
        turnAt = performance.now();
      }
      const read = readRow(raw);
      if (read.kind === "blank") continue;
      outcome.rowsRead += 1;
      // Rows a stopped run wrote: read again for the rules that look back, written and counted already.
      if (resume && outcome.rowsRead <= resume.rowsRead) continue;
      if (read.kind === "row") rows.push(read.row);
      else rejected.push(read.rejection);
      if (rows.length + rejected.length >= layout.batchSize) await flush();
    }
    if (!headerChecked) checkHeader();
    outcome.bytesRead = size;
    if (rows.length + rejected.length > 0 || !resume) await flush();
  } finally {
    input.destroy();
  }
  return outcome;
}
