// The Open Dental connector as a job run (every OPENDENTAL_EVERY_MINUTES, or an administrator's
// "Run now"): opens the practice's database with a read-only user, reads each table's rows changed
// since its position, page by page, and writes them through the feeds' one apply path
// (server/feeds/applyFeedBatch.ts), each page in one transaction with the table's new position.
// Up to the source's own clock at the run's start (NOW(), never ours: Open Dental stamps its rows
// with the office server's wall clock); the next run starts OVERLAP_SECONDS before it, for what
// commits late, and applying a row again changes nothing. A run that stops (a lost connection, the
// server stopping) keeps its applied pages; the next one goes on from there.
import type { Connection } from "mysql2/promise";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { JOB_INTEGRATIONS, OPEN_DENTAL_JOB } from "../../domain/jobs.ts";
import type { FeedBatch } from "../../domain/feeds/records.ts";
import { applyFeedBatch, type AppliedBatch, type FeedRun } from "../feeds/applyFeedBatch.ts";
import { followFeedChanges } from "../feeds/followFeed.ts";
import { practicesByAbbr } from "../import/import.repository.ts";
import type { JobRunner, RunContext, RunOutcome } from "../jobs/runner.ts";
import { positionAfter, readChanged, START, type ChangedTable } from "./changes.repository.ts";
import { connectorSummary, emptyTally, type ConnectorTally } from "./connectorSummary.ts";
import { batchesOf } from "./pageBatches.ts";
import type { Mapping } from "./records.ts";
import { OVERLAP_SECONDS, type OpenDentalSettings } from "./settings.ts";
import { readPositions, savePosition } from "./positions.repository.ts";
import { checkSource, describeSourceError, openSource, sourceClock, sourceIdentity, sourceName, SourceError } from "./source.repository.ts";

/** Rows a page reads (one transaction of applied records each). */
export const PAGE_ROWS = 5_000;

/** Patients first, so that a first visit the source records is there when its appointments come. */
const TABLES: readonly ChangedTable[] = ["patient", "appointment", "histappointment", "procedurelog"];

export type ApplyBatch = (trx: Kysely<Database>, batch: FeedBatch, run: FeedRun) => Promise<AppliedBatch>;

/** Each configured clinic's practice id; a practice the database does not have fails the run. */
async function practicesOfClinics(db: Kysely<Database>, settings: OpenDentalSettings): Promise<Map<string, number>> {
  const practices = await practicesByAbbr(db);
  const unknown = [...settings.clinics.values()].filter((abbr) => !practices.has(abbr.toUpperCase()));
  if (unknown.length > 0) throw new SourceError(`OPENDENTAL_CLINICS names ${unknown.join(", ")}, which no practice is`);
  return new Map([...settings.clinics].map(([clinic, abbr]) => [clinic, practices.get(abbr.toUpperCase())!.id]));
}

async function readTable(context: RunContext, connection: Connection, table: ChangedTable, job: ConnectorRun): Promise<void> {
  const { db } = context.services;
  let position = job.positions.get(table) ?? START;
  for (;;) {
    context.signal.throwIfAborted();
    const rows = await readChanged(connection, table, position, job.clock.now, job.pageRows);
    if (rows.length === 0) break;
    position = positionAfter(rows);
    const batches = batchesOf(table, rows, job.mapping, job.tally);
    const changed = await db.transaction().execute(async (trx) => {
      const memberIds = new Set<number>();
      const closedCallbackIds: number[] = [];
      for (const batch of batches) {
        const applied = await job.apply(trx, batch, job.feedRun);
        job.tally.add(batch.feed, applied);
        for (const id of applied.memberIds) memberIds.add(id);
        closedCallbackIds.push(...applied.closedCallbackIds);
      }
      await savePosition(trx, job.identity, table, position, context.now());
      await context.progress(`Reading ${job.source}: ${job.tally.rowsRead.toLocaleString("en-US")} changed rows`, job.tally.counts(), trx);
      return { memberIds: [...memberIds].sort((a, b) => a - b), closedCallbackIds };
    });
    // As a save's member: Next stops serving a member booked at the practice within this run.
    await followFeedChanges(context.services, changed, job.feedRun.now);
  }
  // Everything before the source's clock is read: the next run starts a little before it.
  await savePosition(db, job.identity, table, { stamp: job.clock.resumeAt, key: "0" }, context.now());
}

interface ConnectorRun {
  /** host:port/database of the URL, for messages. */
  source: string;
  /** The database as its server names it: the positions' key. */
  identity: string;
  clock: { now: string; resumeAt: string };
  positions: Map<ChangedTable, { stamp: string; key: string }>;
  mapping: Mapping;
  tally: ConnectorTally;
  feedRun: FeedRun;
  apply: ApplyBatch;
  pageRows: number;
}

export async function runConnector(context: RunContext, settings: OpenDentalSettings, options: { apply?: ApplyBatch; pageRows?: number } = {}): Promise<RunOutcome> {
  const { db, config } = context.services;
  const source = sourceName(settings.url);
  const tally = emptyTally();
  let connection: Connection | undefined;
  let lost: unknown;
  try {
    const practices = await practicesOfClinics(db, settings);
    connection = await openSource(settings.url);
    // A connection that breaks says why once, on itself; the command that finds it closed says only that.
    connection.on("error", (error) => (lost ??= error));
    await checkSource(connection, source);
    const identity = await sourceIdentity(connection);
    const job: ConnectorRun = {
      source,
      identity,
      clock: await sourceClock(connection, OVERLAP_SECONDS),
      positions: await readPositions(db, identity),
      mapping: { practiceOf: (clinic) => practices.get(String(Number(clinic))), timeZone: settings.timeZone, priorities: settings.priorities, unprioritized: settings.unprioritized },
      tally,
      feedRun: { now: context.now(), action: "feed Open Dental", groupZone: config.reportTimeZone },
      apply: options.apply ?? applyFeedBatch,
      pageRows: options.pageRows ?? PAGE_ROWS,
    };
    for (const table of TABLES) await readTable(context, connection, table, job);
    return { status: "success", message: connectorSummary(source, tally), counts: tally.counts() };
  } catch (error) {
    if (context.signal.aborted) throw error;
    return { status: "failure", message: `Failed: ${describeSourceError(lost ?? error, source)}`, counts: tally.counts() };
  } finally {
    await connection?.end().catch(() => undefined);
  }
}

export const openDentalRunner: JobRunner = async (context) => {
  const settings = context.services.config.openDental;
  if (!settings) return { status: "skipped", message: JOB_INTEGRATIONS[OPEN_DENTAL_JOB]!.skipped };
  return runConnector(context, settings);
};
