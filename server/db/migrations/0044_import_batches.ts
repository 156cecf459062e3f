// The batches of a file being imported, read and checked but not yet written (server/import/
// fileRun.ts): the file is read ahead into this table, batch by batch, each with the run's count of
// rows read, and each batch is written to its tables in a transaction that deletes it here and adds
// its rows to the run's count of rows written. A run stopped anywhere goes on from what is left:
// batches read and not written, then the rest of the file, unless the run says it was read to its
// end (job_runs.file_read_at). The rows are JSON text: only the server
// reads them back, so PostgreSQL is spared parsing them as jsonb.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE import_batches (
      run_id integer NOT NULL REFERENCES job_runs (id) ON DELETE CASCADE,
      batch integer NOT NULL,
      rows integer NOT NULL,
      records text NOT NULL,
      PRIMARY KEY (run_id, batch)
    )`.execute(db);
  await sql`ALTER TABLE job_runs ADD COLUMN file_read_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE job_runs DROP COLUMN file_read_at`.execute(db);
  await sql`DROP TABLE import_batches`.execute(db);
}
