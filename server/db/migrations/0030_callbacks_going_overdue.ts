// A callback stops being its booking agent's when its grace period ends (owner_until); the live
// board then counts it overdue. Every instance looks twice a second for the open callbacks whose
// grace ended since its last look (server/queue/dueAnnouncer.ts), from this index.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX callbacks_owner_until_idx ON callbacks (owner_until) INCLUDE (owner_id) WHERE status = 'open' AND owner_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX callbacks_owner_until_idx`.execute(db);
}
