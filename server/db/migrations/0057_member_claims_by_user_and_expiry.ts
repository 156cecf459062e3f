// A member's claim row stays after it expires (until the member is claimed again), so an agent's
// rows grow with every member they were ever served. The board's two reads per agent (the live
// claim, the latest claim ended today) ask for an agent's claims by expiry: with the index on the
// agent alone each read walked all of the agent's rows (~10,000 for an agent of a busy day: most of
// the board's 60 ms read at 200 agents); by agent and expiry each is one probe.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX member_claims_user_expires_idx ON member_claims (user_id, expires_at)`.execute(db);
  await sql`DROP INDEX member_claims_user_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX member_claims_user_idx ON member_claims (user_id)`.execute(db);
  await sql`DROP INDEX member_claims_user_expires_idx`.execute(db);
}
