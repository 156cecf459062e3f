// Imports one practice feed file (docs/practice-feeds.md): streamed through papaparse (a file of
// any size is never held in memory), the header checked first (a file missing a column of its
// layout is refused whole), every row read by the feed's layout and the good ones applied by
// applyFeedBatch in batches. A batch, its refused rows and the run's counts commit in one
// transaction. Every write is keyed by the source's own numbers, so the same file twice changes nothing.
import type { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Kysely } from "kysely";
import Papa from "papaparse";
import type { Database } from "../db/database.ts";
import type { RawRow } from "../../domain/import/columns.ts";
import { isBlank, newlinesIn, SUMMARY_EXAMPLES, type Rejection } from "../../domain/import/memberFile.ts";
import { feedHeaderProblem, readFeedRow, type FeedRecords } from "../../domain/feeds/layouts.ts";
import type { FeedBatch, FeedName } from "../../domain/feeds/records.ts";
import { applyFeedBatch } from "./applyFeedBatch.ts";
import { feedPracticesByAbbr } from "./feedPractices.repository.ts";
import type { FeedRun } from "./feedRun.ts";

const BATCH_SIZE = 5000;
/** Rows read between two turns of the event loop, so that other requests are served meanwhile. */
const ROWS_PER_TURN = 1000;

/** A feed file to read: its name and size, and its bytes as a stream (a file on disk, a stored upload). */
export interface FeedFileSource {
  name: string;
  size: number;
  open: () => Readable;
}

export interface FeedProgress {
  file: string;
  rowsRead: number;
  /** Rows accepted and applied (whether or not they changed anything). */
  rowsWritten: number;
  rowsRejected: number;
  /** Rows that changed the data: the rest were known already. */
  rowsChanged: number;
  /** Accepted rows naming a patient no member of its practice has. */
  unmatched: number;
  /** Members whose Status, visits or callback changed. */
  membersChanged: number;
  bytesRead: number;
  bytesTotal: number;
}

export interface FeedSummary extends FeedProgress {
  feed: FeedName;
  examples: Rejection[];
}

export interface FeedImportOptions {
  run: Omit<FeedRun, "action">;
  batchSize?: number;
  signal?: AbortSignal;
  /** With each batch, in its transaction: its refused rows (lines counted from the header, line 1) and the counts. */
  onBatch: (progress: FeedProgress, rejections: Rejection[], within: Kysely<Database>) => Promise<void>;
}

/** A file that cannot be read as its feed at all (nothing of it is written). */
export class FeedFileError extends Error {}

const encoder = new TextEncoder();
const bytesOfRow = (row: RawRow) => Object.values(row).flat().reduce((sum, value) => sum + encoder.encode(value ?? "").length + 1, 0);

export async function importFeedFile<F extends FeedName>(db: Kysely<Database>, feed: F, source: FeedFileSource, options: FeedImportOptions): Promise<FeedSummary> {
  const { name: file, size } = source;
  const practices = await feedPracticesByAbbr(db, options.run.groupZone);
  const run: FeedRun = { ...options.run, action: `feed ${feed} ${file}` };
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const summary: FeedSummary = {
    feed,
    file,
    rowsRead: 0,
    rowsWritten: 0,
    rowsRejected: 0,
    rowsChanged: 0,
    unmatched: 0,
    membersChanged: 0,
    bytesRead: 0,
    bytesTotal: size,
    examples: [],
  };
  let records: FeedRecords[F][] = [];
  let rejected: Rejection[] = [];

  const flush = async () => {
    options.signal?.throwIfAborted();
    const batch = { feed, records } as FeedBatch;
    const taken = { records: records.length, rejected };
    records = [];
    rejected = [];
    await db.transaction().execute(async (trx) => {
      const applied = await applyFeedBatch(trx, batch, run);
      summary.rowsWritten += taken.records;
      summary.rowsRejected += taken.rejected.length;
      summary.rowsChanged += applied.written;
      summary.unmatched += applied.unmatched;
      summary.membersChanged += applied.memberIds.length;
      await options.onBatch({ ...summary }, taken.rejected, trx);
    });
    summary.examples.push(...taken.rejected.slice(0, SUMMARY_EXAMPLES - summary.examples.length));
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
    if (header.every((column) => column === "")) throw new FeedFileError(`${file} is empty; nothing imported`);
    const problem = feedHeaderProblem(feed, file, header);
    if (problem) throw new FeedFileError(problem);
  };
  let line = 2;
  let sinceTurn = 0;
  try {
    for await (const raw of parser as AsyncIterable<RawRow>) {
      if (!headerChecked) checkHeader();
      const rowLine = line;
      line += 1 + newlinesIn(raw);
      summary.bytesRead = Math.min(size, summary.bytesRead + bytesOfRow(raw));
      if ((sinceTurn += 1) >= ROWS_PER_TURN) {
        sinceTurn = 0;
        await nextTurn();
      }
      if (isBlank(raw)) continue;
      summary.rowsRead += 1;
      const reading = raw.__parsed_extra ? { ok: false as const, reasons: ["the row has more cells than the header"] } : readFeedRow(feed, raw, practices);
      if (reading.ok) records.push(reading.record);
      else rejected.push({ line: rowLine, reason: reading.reasons.join("; ") });
      if (records.length + rejected.length >= batchSize) await flush();
    }
    if (!headerChecked) checkHeader();
    summary.bytesRead = size;
    await flush();
  } finally {
    input.destroy();
  }
  return summary;
}
