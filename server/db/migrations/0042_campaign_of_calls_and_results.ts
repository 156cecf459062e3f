// The campaign a call is made for, carried from the Next that served the member (its claim) to the
// call start and the saved result, so that the campaign's progress, the members it has worked and
// its calls' recordings can be told apart from the rest of the floor's work.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE member_claims ADD COLUMN campaign_id integer REFERENCES campaigns (id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE call_starts ADD COLUMN campaign_id integer REFERENCES campaigns (id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE results ADD COLUMN campaign_id integer REFERENCES campaigns (id) ON DELETE SET NULL`.execute(db);
  // The members a campaign has worked (the members list's campaign filter); saves outside
  // campaigns, nearly all of them, are not in it.
  await sql`CREATE INDEX results_campaign_member_idx ON results (campaign_id, member_id) WHERE campaign_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX results_campaign_member_idx`.execute(db);
  await sql`ALTER TABLE results DROP COLUMN campaign_id`.execute(db);
  await sql`ALTER TABLE call_starts DROP COLUMN campaign_id`.execute(db);
  await sql`ALTER TABLE member_claims DROP COLUMN campaign_id`.execute(db);
}
