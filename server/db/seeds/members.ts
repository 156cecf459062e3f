// The demo world's members with their call history: every saved result and note, and every call
// started (the week's saves and calls for campaigns carry them). A member comes in as the payer's
// list brings it, never seen at its practice: its Status, last visit and next appointment follow
// from the practice's appointments (practiceFeeds.ts); only the call center's own statuses stay.
import { sql, type Kysely } from "kysely";
import type { DemoWorld } from "../../../demo/world.ts";
import { INACTIVE_STATUSES } from "../../../domain/queue/results.ts";
import { insertChunked, resetIdentity } from "../bulkWrite.ts";
import type { Database } from "../database.ts";

export async function seedMembers(trx: Kysely<Database>, world: DemoWorld): Promise<void> {
  await insertChunked(world.members, (chunk) =>
    trx
      .insertInto("members")
      .values(
        chunk.map((m) => ({
          id: m.id,
          company: m.company,
          subscriber_id: m.Subscriber_ID,
          pat_num: m.PatNum,
          mco: m.MCO,
          first_name: m.First_Name,
          middle_name: m.Middle_Name,
          last_name: m.Last_Name,
          practice_id: m.practiceId,
          dentist_id: m.dentistId,
          address1: m.Address1,
          city: m.City,
          state: m.State,
          phone: m.Phone,
          date_of_birth: m.Date_of_Birth,
          days_extracted: m.Days_Extracted,
          entry_time: m.entryTime,
        })),
      )
      .execute(),
  );
  // The call center's own statuses, in member_visits, whose rows (New Patient) their insert made (migration 0060).
  const inactive = world.members.filter((m) => (INACTIVE_STATUSES as readonly string[]).includes(m.Status));
  await insertChunked(inactive, (chunk) =>
    sql`
      update member_visits v set status = s.status
        from unnest(${chunk.map((m) => m.id)}::int[], ${chunk.map((m) => m.Status)}::text[]) as s (member_id, status)
       where v.member_id = s.member_id`.execute(trx),
  );
  // What agents wrote on them lives in member_work, whose rows their insert made (migration 0054).
  await insertChunked(world.members, (chunk) => {
    const column = <T>(value: (m: DemoWorld["members"][number]) => T) => chunk.map(value);
    return sql`
      update member_work w
         set result = v.result, notes = v.notes, notes_at = v.notes_at, version = v.version, result_version = v.result_version, notes_version = v.notes_version
        from unnest(${column((m) => m.id)}::int[], ${column((m) => m.Result)}::text[], ${column((m) => m.notes)}::text[],
                    ${column((m) => m.notestimestamp)}::timestamptz[], ${column((m) => m.version)}::int[], ${column((m) => m.resultVersion)}::int[],
                    ${column((m) => m.notesVersion)}::int[]) as v (member_id, result, notes, notes_at, version, result_version, notes_version)
       where w.member_id = v.member_id`.execute(trx);
  });
  await insertChunked(world.notes, (chunk) =>
    trx
      .insertInto("notes")
      .values(chunk.map((n) => ({ id: n.id, member_id: n.memberId, user_id: n.userId, notes: n.notes, created_at: n.createdAt })))
      .execute(),
  );
  await insertChunked(world.results, (chunk) =>
    trx
      .insertInto("results")
      .values(chunk.map((r) => ({ id: r.id, member_id: r.memberId, user_id: r.userId, result: r.Result, created_at: r.createdAt, campaign_id: r.campaignId ?? null })))
      .execute(),
  );
  await insertChunked(world.callStarts, (chunk) =>
    trx
      .insertInto("call_starts")
      .values(chunk.map((c) => ({ id: c.id, member_id: c.memberId, user_id: c.userId, started_at: c.startedAt, campaign_id: c.campaignId ?? null })))
      .execute(),
  );
  for (const table of ["members", "notes", "results", "call_starts"]) await resetIdentity(trx, table);
}
