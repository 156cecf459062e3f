// The descending sorts of every list column that is never empty are read backwards from their
// ascending index, ties by id descending (domain/membersOrder.ts, server/members/listOrder.repository.ts),
// as 0062 did for subscriber ids, names and birth dates: their descending indexes go. Each member
// inserted wrote an entry in each of them (the city's by practice too, and the result's and
// Status's rows beside the member); the sorts of columns that can be empty, and Practice, keep theirs.
import { sql, type Kysely } from "kysely";

/** Each index dropped, with the table and key it had. */
const READ_BACKWARDS: Record<string, string> = {
  members_sort_pat_num_desc_idx: `members (pat_num collate "C" DESC NULLS LAST, id)`,
  members_sort_mco_desc_idx: `members (mco collate "C" DESC NULLS LAST, id)`,
  members_sort_middle_name_desc_idx: `members (middle_name collate "C" DESC NULLS LAST, id)`,
  members_sort_address1_desc_idx: `members (address1 collate "C" DESC NULLS LAST, id)`,
  members_sort_city_desc_idx: `members (city collate "C" DESC NULLS LAST, id)`,
  members_sort_state_desc_idx: `members (state collate "C" DESC NULLS LAST, id)`,
  members_sort_phone_desc_idx: `members (phone collate "C" DESC NULLS LAST, id)`,
  members_sort_days_extracted_desc_idx: `members (days_extracted DESC NULLS LAST, id)`,
  members_sort_entry_time_desc_idx: `members (entry_time DESC NULLS LAST, id)`,
  members_practice_city_desc_idx: `members (practice_id, city collate "C" DESC NULLS LAST, id)`,
  member_work_sort_result_desc_idx: `member_work (result collate "C" DESC NULLS LAST, member_id)`,
  member_visits_sort_status_desc_idx: `member_visits (status collate "C" DESC NULLS LAST, member_id)`,
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of Object.keys(READ_BACKWARDS)) await sql.raw(`DROP INDEX ${name}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, key] of Object.entries(READ_BACKWARDS)) await sql.raw(`CREATE INDEX ${name} ON ${key}`).execute(db);
}
