// Which tables a call wrote: a row trigger on every table of the schema notes its name in
// fuzz_changes, read and emptied after each call. Cheap enough for thousands of calls, exact, and
// the same on PGlite and PostgreSQL. Only the fuzz suite's own database carries these triggers.
import { sql, type Kysely } from "kysely";
import type { Database } from "../../server/db/database.ts";

export async function trackChanges(db: Kysely<Database>): Promise<void> {
  await sql`create table fuzz_changes (table_name text not null)`.execute(db);
  await sql`create function fuzz_note() returns trigger language plpgsql as $$
    begin insert into fuzz_changes values (tg_table_name); return null; end $$`.execute(db);
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'fuzz_changes'`.execute(db);
  for (const { name } of rows) {
    // Per row: a statement that changes no row (an update of an unknown id) wrote nothing.
    await sql`create trigger fuzz_track after insert or update or delete on ${sql.id(name)}
      for each row execute function fuzz_note()`.execute(db);
  }
}

/** The tables written since the last call, emptied for the next. */
export async function takeChanges(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`delete from fuzz_changes returning table_name`.execute(db);
  return [...new Set(rows.map((row) => row.table_name))].sort();
}
