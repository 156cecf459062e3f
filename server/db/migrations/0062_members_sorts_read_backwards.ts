// The descending sorts of members' subscriber id, names and birth date (and so Age ascending) are
// read backwards from their ascending index, each run of equal values sorted by id
// (server/members/listOrder.repository.ts): their descending indexes go. Each cost every member
// inserted one more index entry, and the descending sort indexes together were about a quarter of
// an inserted member's processor time (bench/README.md, "what an inserted member costs").
import { sql, type Kysely } from "kysely";

const READ_BACKWARDS: Record<string, string> = {
  subscriber_id: `subscriber_id collate "C"`,
  first_name: `first_name collate "C"`,
  last_name: `last_name collate "C"`,
  date_of_birth: "date_of_birth",
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(READ_BACKWARDS)) await sql.raw(`DROP INDEX members_sort_${name}_desc_idx`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, key] of Object.entries(READ_BACKWARDS)) {
    await sql.raw(`CREATE INDEX members_sort_${name}_desc_idx ON members (${key} DESC NULLS LAST, id)`).execute(db);
  }
}
