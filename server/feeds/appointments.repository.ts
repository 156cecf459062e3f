// The appointments feed's SQL, set-based for any batch size and two statements a batch: the
// appointments upserted by practice and the source's number (a version older than the one kept
// changes nothing), then each patient they name brought up to date from all of its appointments
// (domain/feeds/memberStatus.ts): Status, last visit, next appointment, its first visit (credited to
// the call when the member's result was Appointment Made at the booking) and an open callback closed
// once the practice booked it. The three live in member_visits (migration 0060), whose few indexes
// make a changed member's row cheap; a member whose values stay is still left alone.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { AppointmentRecord, FirstVisitRecord } from "../../domain/feeds/records.ts";
import { BOOKED_AT_PRACTICE, CALL_CENTER_ORIGIN, PRACTICE_ORIGIN } from "../../domain/feeds/memberStatus.ts";
import { INACTIVE_STATUSES } from "../../domain/queue/results.ts";
import { APPOINTMENT_MADE } from "../../domain/vocabulary.ts";
import type { AppliedBatch, FeedRun } from "./feedRun.ts";

interface Patients {
  practiceIds: number[];
  patNums: string[];
}

/**
 * The batch's rows in one statement: the appointments upserted by practice and the source's number
 * (a version older than the one kept changes nothing), the records naming a patient no member has
 * counted, and the patients whose appointments changed named once each (an appointment moved to
 * another patient changed both).
 */
async function writeAppointments(db: Kysely<Database>, records: AppointmentRecord[]): Promise<{ written: number; unmatched: number; patients: Patients }> {
  const column = <K extends keyof AppointmentRecord>(key: K) => records.map((record) => record[key]);
  const { rows } = await sql<{ written: number; unmatched: number; practice_ids: number[]; pat_nums: string[] }>`
    with given (practice_id, pat_num, apt_num, starts_at, status, is_new_patient, changed_at) as (
      select * from unnest(${column("practiceId")}::int[], ${column("patNum")}::text[], ${column("aptNum")}::text[],
                           ${column("startsAt")}::timestamptz[], ${column("status")}::text[], ${column("isNewPatient")}::boolean[],
                           ${column("changedAt")}::timestamptz[])),
    -- a batch naming one appointment twice keeps its newest version
    input as (select distinct on (practice_id, apt_num) * from given order by practice_id, apt_num, changed_at desc),
    upserted as (
      insert into appointments as a (practice_id, pat_num, apt_num, starts_at, status, is_new_patient, changed_at, booked_at)
      select practice_id, pat_num, apt_num, starts_at, status, is_new_patient, changed_at, changed_at from input
      on conflict (practice_id, apt_num) do update
         set pat_num = excluded.pat_num, starts_at = excluded.starts_at, status = excluded.status,
             is_new_patient = excluded.is_new_patient, changed_at = excluded.changed_at
       where a.changed_at < excluded.changed_at
      returning a.practice_id, a.pat_num, a.apt_num, a.xmax <> 0 as replaced),
    -- an appointment gone to another patient changes the one it left too (the version it replaced,
    -- as this statement's snapshot still holds it)
    left_behind as (
      select kept.practice_id, kept.pat_num from upserted u
        join lateral (select a.practice_id, a.pat_num from appointments a
                       where u.replaced and a.practice_id = u.practice_id and a.apt_num = u.apt_num) kept on true
       where kept.pat_num <> u.pat_num),
    patients as (select practice_id, pat_num from upserted union select practice_id, pat_num from left_behind)
    select (select count(*) from upserted)::int as written,
      (select count(*) from given g
        where not exists (select 1 from members m where m.practice_id = g.practice_id and m.pat_num = g.pat_num and m.pat_num <> ''))::int as unmatched,
      coalesce((select array_agg(practice_id order by practice_id, pat_num) from patients), '{}') as practice_ids,
      coalesce((select array_agg(pat_num order by practice_id, pat_num) from patients), '{}') as pat_nums`.execute(db);
  const row = rows[0]!;
  return { written: row.written, unmatched: row.unmatched, patients: { practiceIds: row.practice_ids, patNums: row.pat_nums } };
}

/** Records of the source's first visits whose patient no member of their practice has. */
async function countUnmatched(db: Kysely<Database>, records: FirstVisitRecord[]): Promise<number> {
  if (records.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from unnest(${records.map((r) => r.practiceId)}::int[], ${records.map((r) => r.patNum)}::text[]) as i (practice_id, pat_num)
     where not exists (select 1 from members m where m.practice_id = i.practice_id and m.pat_num = i.pat_num and m.pat_num <> '')`.execute(db);
  return rows[0]?.n ?? 0;
}

/**
 * The patients' members brought up to date from all their appointments, in one statement (each
 * patient's appointments read once): Status, last visit and next appointment; a first visit for
 * those who have none (credited to the call when the member's result was Appointment Made at the
 * booking); an open callback closed once the practice booked its member; the members changed (and
 * `alsoChanged`, by the source's first visits) in the audit log. Answers the members changed and
 * the callbacks closed.
 */
async function followPatients(
  db: Kysely<Database>,
  { practiceIds, patNums }: Patients,
  alsoChanged: number[],
  run: FeedRun,
): Promise<{ memberIds: number[]; closedCallbackIds: number[] }> {
  const { rows } = await sql<{ member_ids: number[]; closed_callback_ids: number[] }>`
    with patients as (
      select distinct m.id, m.practice_id, m.pat_num, coalesce(p.time_zone, ${run.groupZone}::text) as zone
        from unnest(${practiceIds}::int[], ${patNums}::text[]) as i (practice_id, pat_num)
        join members m on m.practice_id = i.practice_id and m.pat_num = i.pat_num and m.pat_num <> ''
        join practices p on p.id = m.practice_id),
    visits as (
      select patients.id, patients.practice_id, patients.pat_num, patients.zone,
        max(a.starts_at) filter (where a.status = 'Complete') as last_complete,
        min(a.starts_at) filter (where a.status = 'Scheduled' and a.starts_at > ${run.now}) as next_scheduled,
        min(a.starts_at) filter (where a.status = 'Complete') as first_complete,
        (array_agg(a.booked_at order by a.starts_at) filter (where a.status = 'Complete'))[1] as first_booked_at
        from patients
        left join appointments a on a.practice_id = patients.practice_id and a.pat_num = patients.pat_num
       group by patients.id, patients.practice_id, patients.pat_num, patients.zone),
    wanted as (
      select mv.member_id as id,
        case when mv.status = any(${[...INACTIVE_STATUSES]}::text[]) then mv.status
             when v.next_scheduled is not null and v.last_complete is not null then 'Recare Future Appointment'
             when v.next_scheduled is not null then 'New Patient With Apt'
             when v.last_complete is not null then 'Recare No Future Appointment'
             else 'New Patient' end as status,
        coalesce((v.last_complete at time zone v.zone)::date, mv.last_visit) as last_visit,
        v.next_scheduled as next_apt
        from visits v join member_visits mv on mv.member_id = v.id),
    updated as (
      update member_visits mv set status = w.status, last_visit = w.last_visit, next_apt = w.next_apt
        from wanted w
       where mv.member_id = w.id and (mv.status, mv.last_visit, mv.next_apt) is distinct from (w.status, w.last_visit, w.next_apt)
      returning mv.member_id as id),
    first as (
      insert into first_visits (member_id, practice_id, pat_num, first_visit_date, origin, result)
      select v.id, v.practice_id, v.pat_num, (v.first_complete at time zone v.zone)::date,
             case when booking.result = ${APPOINTMENT_MADE} then ${CALL_CENTER_ORIGIN} else ${PRACTICE_ORIGIN} end,
             coalesce(booking.result, '')
        from visits v
        -- the result the member had when the visit was booked
        left join lateral (
          select r.result from results r where r.member_id = v.id and r.created_at <= v.first_booked_at
           order by r.created_at desc, r.id desc limit 1) booking on true
       where v.first_complete is not null and not exists (select 1 from first_visits f where f.member_id = v.id)
      returning member_id),
    closed as (
      update callbacks c set status = 'closed', version = c.version + 1
        from visits v
       where c.member_id = v.id and c.status = 'open' and v.next_scheduled is not null
      returning c.id, c.member_id, c.due_at),
    noted as (
      insert into callback_changes (callback_id, member_id, user_id, change, due_at, at, reason)
      select id, member_id, null, 'closed', due_at, ${run.now}, ${BOOKED_AT_PRACTICE} from closed),
    changed as (
      select id from updated union select member_id from first union select member_id from closed
      union select unnest(${alsoChanged}::int[])),
    audited as (
      insert into audit_log (user_id, address, action, member_ids)
      select ${run.userId ?? null}::int, ${run.address ?? null}::text, ${run.action}, array_agg(id order by id) from changed having count(*) > 0)
    select coalesce((select array_agg(id order by id) from changed), '{}') as member_ids,
           coalesce((select array_agg(id order by id) from closed), '{}') as closed_callback_ids`.execute(db);
  return { memberIds: rows[0]!.member_ids, closedCallbackIds: rows[0]!.closed_callback_ids };
}

/** The source's own first-visit dates: they replace a date worked out from appointments; the members changed. */
async function writeSourceFirstVisits(db: Kysely<Database>, records: FirstVisitRecord[]): Promise<number[]> {
  if (records.length === 0) return [];
  const { rows } = await sql<{ member_id: number }>`
    with input (practice_id, pat_num, first_visit_date) as (
      select * from unnest(${records.map((r) => r.practiceId)}::int[], ${records.map((r) => r.patNum)}::text[],
                           ${records.map((r) => r.firstVisitDate)}::date[])),
    matched as (
      select distinct on (m.id) m.id, m.practice_id, m.pat_num, i.first_visit_date
        from input i join members m on m.practice_id = i.practice_id and m.pat_num = i.pat_num and m.pat_num <> ''
       order by m.id, i.first_visit_date),
    moved as (
      update first_visits f set first_visit_date = matched.first_visit_date from matched
       where f.member_id = matched.id and f.first_visit_date <> matched.first_visit_date
      returning f.member_id),
    added as (
      insert into first_visits (member_id, practice_id, pat_num, first_visit_date, origin, result)
      select matched.id, matched.practice_id, matched.pat_num, matched.first_visit_date,
             case when booking.result = ${APPOINTMENT_MADE} then ${CALL_CENTER_ORIGIN} else ${PRACTICE_ORIGIN} end,
             coalesce(booking.result, '')
        from matched
        left join lateral (
          select r.result from results r where r.member_id = matched.id and r.created_at < matched.first_visit_date
           order by r.created_at desc, r.id desc limit 1) booking on true
       where not exists (select 1 from first_visits f where f.member_id = matched.id)
      returning member_id)
    select member_id from moved union all select member_id from added`.execute(db);
  return rows.map((row) => row.member_id);
}

export async function applyAppointments(
  db: Kysely<Database>,
  records: AppointmentRecord[],
  firstVisits: FirstVisitRecord[],
  run: FeedRun,
): Promise<AppliedBatch> {
  const rows = records.length > 0 ? await writeAppointments(db, records) : { written: 0, unmatched: 0, patients: { practiceIds: [], patNums: [] } };
  const unmatched = rows.unmatched + (await countUnmatched(db, firstVisits));
  const sourceFirstVisits = await writeSourceFirstVisits(db, firstVisits);
  const patients = {
    practiceIds: [...rows.patients.practiceIds, ...firstVisits.map((visit) => visit.practiceId)],
    patNums: [...rows.patients.patNums, ...firstVisits.map((visit) => visit.patNum)],
  };
  if (patients.practiceIds.length === 0) return { written: rows.written, unmatched, memberIds: [], closedCallbackIds: [] };
  const followed = await followPatients(db, patients, sourceFirstVisits, run);
  return { written: rows.written + sourceFirstVisits.length, unmatched, ...followed };
}
