// One practice's members in the list's default order (last name, first name, id): what every agent's
// list opens with. Walking the name index through every practice's members passed over ~660 entries
// and read ~900 buffers, a heap row for each entry, for a page of 15 at 1,000,000 members; while a
// member file imports, the import's index pages push those heap pages out of the buffers and the
// page waited on reading them back (bench/README.md, "what the list waits on during the import").
// Keyed by practice first, the page is its 15 entries.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX members_practice_name_idx ON members (practice_id, last_name collate "C", first_name collate "C", id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX members_practice_name_idx`.execute(db);
}
