// The import's SQL: the practices rows are checked against, and one batch of checked rows written in
// one statement: members with the same subscriber id and practice are updated with the payer's
// fields, the others inserted. Writing a batch twice gives the same rows as writing it once, which is
// what lets an interrupted import simply be run again. (subscriber_id, practice_id) is not unique in
// the table (the demo lists repeat a few), so this is an update of every match followed by an insert
// of the rows that matched none, not ON CONFLICT.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { MemberRow, PracticeRef } from "../../domain/import/memberRow.ts";

export interface Stamp {
  brand: string;
  /** When the payer extracted the file: the entry time of members new to the list. */
  extractedAt: Date;
  /** Days_Extracted: whole days from the extraction to the import. */
  daysExtracted: number;
}

export interface Written {
  inserted: number[];
  updated: number[];
}

/** The ids of the members the batch added and of those it updated. */
export async function upsertMembers(db: Kysely<Database>, rows: MemberRow[], stamp: Stamp): Promise<Written> {
  if (rows.length === 0) return { inserted: [], updated: [] };
  // One array per column: a dozen parameters whatever the batch size (a VALUES list of 500 rows
  // has 6,000, which PGlite parses and plans far more slowly).
  const column = <K extends keyof MemberRow>(key: K) => rows.map((row) => row[key]);
  const { rows: written } = await sql<Written>`
    with input (subscriber_id, practice_id, pat_num, mco, first_name, middle_name, last_name, address1, city, state, phone, date_of_birth)
      as (select * from unnest(${column("subscriberId")}::text[], ${column("practiceId")}::int[], ${column("patNum")}::text[],
                               ${column("mco")}::text[], ${column("firstName")}::text[], ${column("middleName")}::text[],
                               ${column("lastName")}::text[], ${column("address1")}::text[], ${column("city")}::text[],
                               ${column("state")}::text[], ${column("phone")}::text[], ${column("dateOfBirth")}::date[])),
    updated as (
      update members m
         set company = ${stamp.brand}, mco = i.mco, first_name = i.first_name, middle_name = i.middle_name,
             last_name = i.last_name, address1 = i.address1, city = i.city, state = i.state, phone = i.phone,
             date_of_birth = i.date_of_birth, days_extracted = ${stamp.daysExtracted},
             -- the payer knows the practice's patient number only sometimes: an empty one keeps ours
             pat_num = case when i.pat_num = '' then m.pat_num else i.pat_num end
        from input i
       where m.subscriber_id = i.subscriber_id and m.practice_id = i.practice_id
      returning m.id, m.subscriber_id, m.practice_id
    ),
    inserted as (
      -- a member new to the list starts as New Patient with its result Blank: the rows its insert
      -- makes in member_visits and member_work (migrations 0060, 0054)
      insert into members (company, subscriber_id, pat_num, mco, first_name, middle_name, last_name, practice_id,
                           address1, city, state, phone, date_of_birth, days_extracted, entry_time)
      select ${stamp.brand}, i.subscriber_id, i.pat_num, i.mco, i.first_name, i.middle_name, i.last_name, i.practice_id,
             i.address1, i.city, i.state, i.phone, i.date_of_birth, ${stamp.daysExtracted}, ${stamp.extractedAt}::timestamptz
        from input i
       where not exists (select 1 from updated u where u.subscriber_id = i.subscriber_id and u.practice_id = i.practice_id)
      returning id
    )
    select coalesce((select array_agg(id) from inserted), '{}') as inserted,
           coalesce((select array_agg(id) from updated), '{}') as updated`.execute(db);
  return written[0] ?? { inserted: [], updated: [] };
}

/**
 * Writes the batch and audits it, in the caller's transaction (the run's refused rows and counts
 * commit with it): member data written by a job is audited with no user and no address (an upload
 * names its administrator), the file as the action.
 */
export async function writeMembers(trx: Kysely<Database>, rows: MemberRow[], stamp: Stamp, file: string, by?: { userId: number; address: string }): Promise<Written> {
  const ids = await upsertMembers(trx, rows, stamp);
  const memberIds = [...ids.inserted, ...ids.updated];
  const who = { user_id: by?.userId ?? null, address: by?.address ?? null };
  if (memberIds.length > 0) await trx.insertInto("audit_log").values({ ...who, action: `importMembers ${file}`, member_ids: memberIds }).execute();
  return ids;
}

/** The practices by abbreviation, upper case. */
export async function practicesByAbbr(db: Kysely<Database>): Promise<Map<string, PracticeRef>> {
  const rows = await db.selectFrom("practices").select(["id", "abbr", "brands"]).execute();
  return new Map(rows.map((row) => [row.abbr.toUpperCase(), row]));
}
