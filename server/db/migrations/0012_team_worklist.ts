// A worklist for a team (docs/architecture.md, Agents as a team): each member's version and the
// version its latest result and note saves made (domain/team/versions.ts).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Constant defaults: PostgreSQL adds the columns without rewriting the table.
  await sql`
    ALTER TABLE members
      ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
      ADD COLUMN result_version integer NOT NULL DEFAULT 0,
      ADD COLUMN notes_version integer NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE members DROP COLUMN notes_version, DROP COLUMN result_version, DROP COLUMN version`.execute(db);
}
