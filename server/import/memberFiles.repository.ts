// What an administrator reads of a members import run (openapi.yaml getMemberImport): the run of a
// payer's import job with its progress, and its refused rows by line.
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { FEEDS_JOB } from "../../domain/jobs.ts";

export async function memberImportRun(db: Kysely<Database>, runId: number) {
  return db
    .selectFrom("job_runs as r")
    .innerJoin("jobs as j", "j.id", "r.job_id")
    .select(["r.id", "j.key", "r.status", "r.file", "r.started_at", "r.ended_at", "r.message", "r.bytes_read", "r.bytes_total"])
    .select(["r.rows_read", "r.rows_written", "r.rows_rejected"])
    .where("r.id", "=", runId)
    .where("j.key", "like", "import-%")
    // The practice feeds' import is a job of its own (getFeedImport).
    .where("j.key", "<>", FEEDS_JOB)
    .executeTakeFirst();
}

export async function importRejections(db: Kysely<Database>, runId: number, limit: number) {
  return db.selectFrom("job_run_rejections").select(["line", "reason"]).where("run_id", "=", runId).orderBy("line").orderBy("file").limit(limit).execute();
}

export async function practiceIdByAbbreviation(db: Kysely<Database>, abbr: string): Promise<number | undefined> {
  return (await db.selectFrom("practices").select("id").where((eb) => eb(eb.fn("upper", ["abbr"]), "=", abbr.trim().toUpperCase())).executeTakeFirst())?.id;
}
