// One practice's members by city: a practice's members share few cities, so walking the city index
// skips the other practices' members, and the practice's 40,000 rows (1,000,000 members) were read
// from the heap and sorted for every page (bench/README.md). Keyed by practice then city, a page
// reads the practice's range of the index alone. Both directions, ties by id ascending (as 0010).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX members_practice_city_idx ON members (practice_id, city collate "C", id)`.execute(db);
  await sql`CREATE INDEX members_practice_city_desc_idx ON members (practice_id, city collate "C" DESC NULLS LAST, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX members_practice_city_desc_idx`.execute(db);
  await sql`DROP INDEX members_practice_city_idx`.execute(db);
}
