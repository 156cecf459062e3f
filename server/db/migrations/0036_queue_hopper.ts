// The work queue's hopper: for each set of the list's filters an agent works under (later, each
// campaign), the members picked ahead of time in the queue's order, kept in the database so that
// every instance serves from the same one. One instance at a time tops it up (an advisory lock
// held for the fill's transaction, so it works behind a transaction-mode pooler); Next takes its
// first row that nobody else is taking (SKIP LOCKED) and checks the member again before serving it.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE queue_hoppers (
      -- What the hopper serves: 'list:' and the filters as JSON (a campaign would have its own key).
      key text PRIMARY KEY,
      -- When it was last topped up (the claims' clock), and the open zones it was topped up for.
      filled_at timestamptz,
      zones text NOT NULL DEFAULT ''
    )`.execute(db);
  await sql`
    CREATE TABLE queue_hopper (
      key text NOT NULL REFERENCES queue_hoppers (key) ON DELETE CASCADE,
      -- The member's place: taken lowest first; a fill adds after the last.
      place integer NOT NULL,
      member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
      PRIMARY KEY (key, place),
      UNIQUE (key, member_id)
    )`.execute(db);
  await sql`CREATE INDEX queue_hopper_member_idx ON queue_hopper (member_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE queue_hopper`.execute(db);
  await sql`DROP TABLE queue_hoppers`.execute(db);
}
