// A member file sent from the browser is kept in the file store (area `imports`) while its import
// runs, so that the upload is answered as soon as the file is safe, and an import stopped by a
// server stop resumes from its last committed batch at the next start (server/import/uploads.ts).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE stored_files DROP CONSTRAINT stored_files_area_check`.execute(db);
  await sql`ALTER TABLE stored_files ADD CONSTRAINT stored_files_area_check CHECK (area IN ('recordings', 'help', 'outbox', 'imports'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM stored_files WHERE area = 'imports'`.execute(db);
  await sql`ALTER TABLE stored_files DROP CONSTRAINT stored_files_area_check`.execute(db);
  await sql`ALTER TABLE stored_files ADD CONSTRAINT stored_files_area_check CHECK (area IN ('recordings', 'help', 'outbox'))`.execute(db);
}
