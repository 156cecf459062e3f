// A practice feed's file as the file run reads it (server/import/fileRun.ts; the layouts in
// docs/practice-feeds.md): its header checked against the feed's columns, every row read by the
// feed's layout and the good ones applied by applyFeedBatch, keyed by the source's own numbers so
// that the same file twice changes nothing.
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { feedHeaderProblem, readFeedRow, type FeedRecords } from "../../domain/feeds/layouts.ts";
import { FEEDS, type FeedBatch, type FeedName } from "../../domain/feeds/records.ts";
import { feedOfFileName, feedSummary } from "../../domain/feeds/summary.ts";
import { FEEDS_JOB, JOB_INTEGRATIONS } from "../../domain/jobs.ts";
import type { JobRunner } from "../jobs/runner.ts";
import { inboxRunner, type LayoutOpener } from "../import/fileJob.ts";
import { isBlank, newlinesIn } from "../../domain/import/memberFile.ts";
import type { FileLayout, RowOutcome } from "../import/fileRun.ts";
import { applyFeedBatch, type FeedRun } from "./applyFeedBatch.ts";
import { feedPracticesByAbbr } from "./feedPractices.repository.ts";
import { followFeedChanges, type FeedChanges } from "./followFeed.ts";
import type { ServerConfig } from "../config.ts";

const BATCH_SIZE = 5000;

/** The instants of each feed's records, which come back from a kept batch's JSON as text. */
const DATES: { readonly [F in FeedName]: readonly string[] } = {
  appointments: ["startsAt", "changedAt"],
  "deleted-appointments": ["appointmentAt", "deletedAt"],
  "planned-treatment": [],
  leads: ["createdAt", "closedAt"],
};

function reviveDates(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  for (const key of keys) if (typeof record[key] === "string") record[key] = new Date(record[key]);
  return record;
}

export type FeedTally = {
  /** Rows that changed the data: the rest were known already. */
  rowsChanged: number;
  /** Accepted rows naming a patient no member of its practice has. */
  unmatched: number;
  /** Members whose Status, visits or callback changed. */
  membersChanged: number;
};

export interface FeedFileOptions {
  run: Omit<FeedRun, "action">;
  /** The queue's rules, for the members a batch changed. */
  config: ServerConfig;
  batchSize?: number;
}

/** The layout of one file of `feed`, its practices read from the database. */
export async function feedFileLayout<F extends FeedName>(db: Kysely<Database>, feed: F, file: string, options: FeedFileOptions): Promise<FileLayout<FeedRecords[F], FeedTally>> {
  const practices = await feedPracticesByAbbr(db, options.run.groupZone);
  const run: FeedRun = { ...options.run, action: `feed ${feed} ${file}` };
  /** What the batch being committed changed. */
  let changed: FeedChanges = { memberIds: [], closedCallbackIds: [] };
  return {
    batchSize: options.batchSize ?? BATCH_SIZE,
    // A file may name one source row twice (a procedure planned, then removed): the later row wins.
    anyOrder: false,
    headerProblem: (header) => (header.every((column) => column === "") ? `${file} is empty; nothing imported` : feedHeaderProblem(feed, file, header)),
    rowReader: () => {
      let line = 2;
      return (raw): RowOutcome<FeedRecords[F]> => {
        const rowLine = line;
        line += 1 + newlinesIn(raw);
        if (isBlank(raw)) return { kind: "blank" };
        const reading = raw.__parsed_extra ? { ok: false as const, reasons: ["the row has more cells than the header"] } : readFeedRow(feed, raw, practices);
        return reading.ok ? { kind: "row", row: reading.record } : { kind: "rejected", rejection: { line: rowLine, reason: reading.reasons.join("; ") } };
      };
    },
    revive: (record) => reviveDates(record as Record<string, unknown>, DATES[feed]) as unknown as FeedRecords[F],
    write: async (trx, records) => {
      const applied = await applyFeedBatch(trx, { feed, records } as FeedBatch, run);
      changed = applied;
      return { rowsChanged: applied.written, unmatched: applied.unmatched, membersChanged: applied.memberIds.length };
    },
    summary: (outcome) => feedSummary({ ...outcome, ...outcome.tally, feed }),
    afterCommit: async () => {
      const committed = changed;
      changed = { memberIds: [], closedCallbackIds: [] };
      await followFeedChanges({ db, config: options.config }, committed, run.now);
    },
  };
}

/** How a run reads a file of `feed`: its administrator for an upload; none for the inbox and the command. */
export const feedFileOpener =
  (feed: FeedName, options: { userId?: number; address?: string; batchSize?: number } = {}): LayoutOpener =>
  (context, source) =>
    feedFileLayout(context.services.db, feed, source.name, {
      run: { now: context.now(), groupZone: context.services.config.reportTimeZone, userId: options.userId, address: options.address },
      config: context.services.config,
      batchSize: options.batchSize,
    });

/** The scheduled run of the feeds' job: every feed file of the inbox, named after its feed. */
export const feedsInboxRunner: JobRunner = inboxRunner({
  layoutOf: (name) => {
    const feed = feedOfFileName(name, FEEDS);
    return feed && feedFileOpener(feed);
  },
  skipped: JOB_INTEGRATIONS[FEEDS_JOB]!.skipped,
  nothing: "Nothing to import: no practice feed file in the inbox",
});
