// What an administrator reads of the practice feeds import's runs (openapi.yaml listFeedImports,
// getFeedImport), and the feed an uploaded file's run reads, written when its run is claimed.
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { FeedName } from "../../domain/feeds/records.ts";
import { FEEDS_JOB } from "../../domain/jobs.ts";

const runColumns = ["r.id", "r.status", "r.feed", "r.file", "r.started_at", "r.ended_at", "r.message", "r.bytes_read", "r.bytes_total", "r.rows_read", "r.rows_written", "r.rows_rejected"] as const;

const feedRuns = (db: Kysely<Database>) => db.selectFrom("job_runs as r").innerJoin("jobs as j", "j.id", "r.job_id").select(runColumns).where("j.key", "=", FEEDS_JOB);

export type FeedRunRow = NonNullable<Awaited<ReturnType<typeof feedImportRun>>>;

export async function feedImportRun(db: Kysely<Database>, runId: number) {
  return feedRuns(db).where("r.id", "=", runId).executeTakeFirst();
}

/** The latest runs, newest first. */
export async function latestFeedImportRuns(db: Kysely<Database>, limit: number): Promise<FeedRunRow[]> {
  return feedRuns(db).orderBy("r.started_at", "desc").orderBy("r.id", "desc").limit(limit).execute();
}

export async function markRunFeed(db: Kysely<Database>, runId: number, feed: FeedName): Promise<void> {
  await db.updateTable("job_runs").set({ feed }).where("id", "=", runId).execute();
}
