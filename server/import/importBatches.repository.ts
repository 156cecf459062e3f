// The batches of a file read ahead of their writing (migration 0044): kept with the run's count of
// rows read, taken one at a time by whoever writes them (the taker's transaction deletes it, so a
// batch is written once whatever stops), and the run's count of rows written raised with it.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";

export interface StagedBatch {
  batch: number;
  rows: number;
  records: string;
}

export async function stageBatch(trx: Kysely<Database>, runId: number, staged: StagedBatch): Promise<void> {
  await trx.insertInto("import_batches").values({ run_id: runId, ...staged }).execute();
}

/**
 * The run's first batch no one else is writing, deleted in the caller's transaction (undefined when
 * there is none free): writers side by side each take another.
 */
export async function takeBatch(trx: Kysely<Database>, runId: number): Promise<StagedBatch | undefined> {
  const { rows } = await sql<StagedBatch>`
    delete from import_batches
     where (run_id, batch) = (select run_id, batch from import_batches where run_id = ${runId} order by batch limit 1 for update skip locked)
    returning batch, rows, records`.execute(trx);
  return rows[0];
}

/** The number the run's next batch takes: after every batch it kept. */
export async function nextBatchNumber(db: Kysely<Database>, runId: number): Promise<number> {
  const row = await db.selectFrom("import_batches").select((eb) => eb.fn.max("batch").as("last")).where("run_id", "=", runId).executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

/** Adds a written batch's rows to the run's count, in the batch's transaction. */
export async function countWritten(trx: Kysely<Database>, runId: number, rows: number): Promise<void> {
  await trx
    .updateTable("job_runs")
    .set((eb) => ({ rows_written: eb(eb.fn.coalesce("rows_written", eb.lit(0)), "+", rows) }))
    .where("id", "=", runId)
    .execute();
}

/** The file was read to its end: a run resumed from here only writes the batches left. */
export async function markFileRead(trx: Kysely<Database>, runId: number, at: Date): Promise<void> {
  await trx.updateTable("job_runs").set({ file_read_at: at }).where("id", "=", runId).execute();
}

/** The batches of a run that ends without writing them (a refused file, a failure). */
export async function forgetBatches(db: Kysely<Database>, runId: number): Promise<void> {
  await db.deleteFrom("import_batches").where("run_id", "=", runId).execute();
}

/** Batches left by runs that ended without them: a command killed, its run closed as failed by the next. */
export async function forgetEndedRuns(db: Kysely<Database>): Promise<void> {
  await sql`delete from import_batches b using job_runs r where r.id = b.run_id and r.status <> 'running'`.execute(db);
}
