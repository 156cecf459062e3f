// Where the Open Dental connector has read each table of each source database up to (its change
// stamp in the source's own wall clock, and the key of the last row of that stamp), written in the
// transaction that applies the rows read: a run that stops (a lost connection, the server stopping)
// leaves the position of its last applied page, and the next run goes on from there.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE connector_positions (
      source text NOT NULL,
      table_name text NOT NULL,
      stamp text NOT NULL,
      key text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (source, table_name)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE connector_positions`.execute(db);
}
