// The SQL of the feeds that fill report tables only (deleted appointments, planned treatment,
// leads): each row upserted by practice and the source's own number, unchanged rows left alone;
// new rows take their ids in the records' order (a file's lines, the demo world's own ids).
// Planned treatment also orders the queue: its table's triggers (migration 0024) mark the
// patients' queue states stale.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { DeletedAppointmentRecord, LeadRecord, PlannedTreatmentRecord } from "../../domain/feeds/records.ts";
import type { AppliedBatch } from "./feedRun.ts";

/** Records whose patient no member of their practice has (kept all the same). */
async function countUnmatched(db: Kysely<Database>, records: { practiceId: number; patNum: string }[]): Promise<number> {
  if (records.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n
      from unnest(${records.map((r) => r.practiceId)}::int[], ${records.map((r) => r.patNum)}::text[]) as i (practice_id, pat_num)
     where not exists (select 1 from members m where m.practice_id = i.practice_id and m.pat_num = i.pat_num and m.pat_num <> '')`.execute(db);
  return rows[0]?.n ?? 0;
}

export async function applyDeletedAppointments(db: Kysely<Database>, records: DeletedAppointmentRecord[]): Promise<AppliedBatch> {
  if (records.length === 0) return { written: 0, unmatched: 0, memberIds: [], closedCallbackIds: [] };
  const column = <K extends keyof DeletedAppointmentRecord>(key: K) => records.map((record) => record[key]);
  const { rows } = await sql<{ id: number }>`
    insert into deleted_appointments as d (practice_id, pat_num, source_id, patient_name, appointment_date, deleted_at, deleted_by, reason)
    select practice_id, pat_num, source_id, patient_name, appointment_date, deleted_at, deleted_by, reason from (
      select distinct on (practice_id, source_id) *
        from unnest(${column("practiceId")}::int[], ${column("patNum")}::text[], ${column("sourceId")}::text[], ${column("patientName")}::text[],
                    ${column("appointmentAt")}::timestamptz[], ${column("deletedAt")}::timestamptz[], ${column("deletedBy")}::text[],
                    ${column("reason")}::text[]) with ordinality as i (practice_id, pat_num, source_id, patient_name, appointment_date, deleted_at, deleted_by, reason, line)
       order by practice_id, source_id, deleted_at desc) as kept
     order by line
    on conflict (practice_id, source_id) do update
       set pat_num = excluded.pat_num, patient_name = excluded.patient_name, appointment_date = excluded.appointment_date,
           deleted_at = excluded.deleted_at, deleted_by = excluded.deleted_by, reason = excluded.reason
     where (d.pat_num, d.patient_name, d.appointment_date, d.deleted_at, d.deleted_by, d.reason)
           is distinct from (excluded.pat_num, excluded.patient_name, excluded.appointment_date, excluded.deleted_at, excluded.deleted_by, excluded.reason)
    returning d.id`.execute(db);
  return { written: rows.length, unmatched: await countUnmatched(db, records), memberIds: [], closedCallbackIds: [] };
}

export async function applyPlannedTreatment(db: Kysely<Database>, records: PlannedTreatmentRecord[]): Promise<AppliedBatch> {
  if (records.length === 0) return { written: 0, unmatched: 0, memberIds: [], closedCallbackIds: [] };
  const column = <K extends keyof PlannedTreatmentRecord>(key: K) => records.map((record) => record[key]);
  const { rows } = await sql<{ id: number }>`
    with input (practice_id, pat_num, source_id, priority, line) as (
      select distinct on (practice_id, source_id) *
        from unnest(${column("practiceId")}::int[], ${column("patNum")}::text[], ${column("sourceId")}::text[], ${column("priority")}::text[])
             with ordinality as i (practice_id, pat_num, source_id, priority, line)
       order by practice_id, source_id, line desc),
    -- a procedure no longer planned (done, or deleted at the practice) leaves the report
    removed as (
      delete from treatment_priorities t using input i
       where i.priority is null and t.practice_id = i.practice_id and t.source_id = i.source_id
      returning t.id),
    upserted as (
      insert into treatment_priorities as t (practice_id, pat_num, source_id, priority)
      select practice_id, pat_num, source_id, priority from input where priority is not null order by line
      on conflict (practice_id, source_id) do update set pat_num = excluded.pat_num, priority = excluded.priority
       where (t.pat_num, t.priority) is distinct from (excluded.pat_num, excluded.priority)
      returning t.id)
    select id from removed union all select id from upserted`.execute(db);
  return { written: rows.length, unmatched: await countUnmatched(db, records), memberIds: [], closedCallbackIds: [] };
}

export async function applyLeads(db: Kysely<Database>, records: LeadRecord[]): Promise<AppliedBatch> {
  if (records.length === 0) return { written: 0, unmatched: 0, memberIds: [], closedCallbackIds: [] };
  const column = <K extends keyof LeadRecord>(key: K) => records.map((record) => record[key]);
  const { rows } = await sql<{ id: number }>`
    insert into leads as l (practice_id, source_id, source, stage, outcome, lost_reason, created_at, closed_at)
    select practice_id, source_id, source, stage, outcome, lost_reason, created_at, closed_at from (
      select distinct on (practice_id, source_id) *
        from unnest(${column("practiceId")}::int[], ${column("sourceId")}::text[], ${column("source")}::text[], ${column("stage")}::text[],
                    ${column("outcome")}::text[], ${column("lostReason")}::text[], ${column("createdAt")}::timestamptz[],
                    ${column("closedAt")}::timestamptz[]) with ordinality as i (practice_id, source_id, source, stage, outcome, lost_reason, created_at, closed_at, line)
       order by practice_id, source_id, line desc) as kept
     order by line
    on conflict (practice_id, source_id) do update
       set source = excluded.source, stage = excluded.stage, outcome = excluded.outcome, lost_reason = excluded.lost_reason,
           created_at = excluded.created_at, closed_at = excluded.closed_at
     where (l.source, l.stage, l.outcome, l.lost_reason, l.created_at, l.closed_at)
           is distinct from (excluded.source, excluded.stage, excluded.outcome, excluded.lost_reason, excluded.created_at, excluded.closed_at)
    returning l.id`.execute(db);
  return { written: rows.length, unmatched: 0, memberIds: [], closedCallbackIds: [] };
}
