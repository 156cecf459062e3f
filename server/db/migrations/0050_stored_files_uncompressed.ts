// A file of the database store is read a range at a time (a player seeking in a recording, a
// stream's 1 MB parts). A compressed value must be decompressed from its first byte up to the
// range's end, so a seek near the end of a long recording read most of it; stored uncompressed,
// PostgreSQL fetches only the chunks the range covers. Audio, PDF and images gain little from
// compression anyway. Files stored before keep their form until they are stored again.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE stored_files ALTER COLUMN content SET STORAGE EXTERNAL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE stored_files ALTER COLUMN content SET STORAGE EXTENDED`.execute(db);
}
