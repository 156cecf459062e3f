// The live board's reads of today, by agent (bench/README.md, the live board): each agent's
// results of the day counted from the index alone (result included), their calls started and the
// latest one's member, and the sessions used since a day began. At 50,000 results of the day the
// results' time index alone made the board read every one of them from the table.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX results_user_created_idx ON results (user_id, created_at) INCLUDE (result, member_id)`.execute(db);
  await sql`CREATE INDEX call_starts_user_started_idx ON call_starts (user_id, started_at) INCLUDE (member_id)`.execute(db);
  await sql`CREATE INDEX sessions_last_seen_idx ON sessions (last_seen_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX sessions_last_seen_idx`.execute(db);
  await sql`DROP INDEX call_starts_user_started_idx`.execute(db);
  await sql`DROP INDEX results_user_created_idx`.execute(db);
}
