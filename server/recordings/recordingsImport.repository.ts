// What an administrator reads of a run of "Import call recordings" (openapi.yaml
// getRecordingsImport): the run with its counts, and the keys it refused in the order listed (the
// job's rejections, one a key, numbered as listed).
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";

export const RECORDINGS_IMPORT_JOB = "import-recordings";

export async function recordingsImportRun(db: Kysely<Database>, runId: number) {
  return db
    .selectFrom("job_runs as r")
    .innerJoin("jobs as j", "j.id", "r.job_id")
    .select(["r.id", "r.status", "r.started_at", "r.ended_at", "r.message", "r.rows_read", "r.rows_written", "r.rows_rejected"])
    .where("r.id", "=", runId)
    .where("j.key", "=", RECORDINGS_IMPORT_JOB)
    .executeTakeFirst();
}

export async function refusedKeys(db: Kysely<Database>, runId: number, limit: number): Promise<string[]> {
  const rows = await db.selectFrom("job_run_rejections").select("reason").where("run_id", "=", runId).orderBy("line").limit(limit).execute();
  return rows.map((row) => row.reason);
}
