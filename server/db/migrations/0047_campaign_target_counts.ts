// The members each campaign targets and how many of them the queue could serve now, kept: counting
// them reads the members list's filters over every member (a second at 1,000,000 members), so the
// Campaigns page reads these and they are worked out again at most every minute per campaign.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE campaign_target_counts (
      campaign_id integer PRIMARY KEY REFERENCES campaigns (id) ON DELETE CASCADE,
      targeted integer NOT NULL,
      eligible_now integer NOT NULL,
      counted_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE campaign_target_counts`.execute(db);
}
