// The appointments feed's SQL, set-based for any batch size: the appointments upserted by practice
// and the source's number (a version older than the one kept changes nothing), then each patient
// they name brought up to date from all of its appointments (domain/feeds/memberStatus.ts): Status,
// last visit, next appointment, its first visit (credited to the call when the member's result was
// Appointment Made at the booking) and an open callback closed once the practice booked it.
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

async function upsertAppointments(db: Kysely<Database>, records: AppointmentRecord[]): Promise<Patients & { written: number }> {
  const column = <K extends keyof AppointmentRecord>(key: K) => records.map((record) => record[key]);
  const { rows } = await sql<{ practice_id: number; pat_num: string }>`
    with input (practice_id, pat_num, apt_num, starts_at, status, is_new_patient, changed_at) as (
      -- a batch naming one appointment twice keeps its newest version
      select distinct on (practice_id, apt_num) *
        from unnest(${column("practiceId")}::int[], ${column("patNum")}::text[], ${column("aptNum")}::text[],
                    ${column("startsAt")}::timestamptz[], ${column("status")}::text[], ${column("isNewPatient")}::boolean[],
                    ${column("changedAt")}::timestamptz[]) as i (practice_id, pat_num, apt_num, starts_at, status, is_new_patient, changed_at)
       order by practice_id, apt_num, changed_at desc)
    insert into appointments as a (practice_id, pat_num, apt_num, starts_at, status, is_new_patient, changed_at, booked_at)
    select practice_id, pat_num, apt_num, starts_at, status, is_new_patient, changed_at, changed_at from input
    on conflict (practice_id, apt_num) do update
       set pat_num = excluded.pat_num, starts_at = excluded.starts_at, status = excluded.status,
           is_new_patient = excluded.is_new_patient, changed_at = excluded.changed_at
     where a.changed_at < excluded.changed_at
    returning a.practice_id, a.pat_num`.execute(db);
  return { written: rows.length, practiceIds: rows.map((row) => row.practice_id), patNums: rows.map((row) => row.pat_num) };
}

/** Records whose patient no member of their practice has. */
async function countUnmatched(db: Kysely<Database>, { practiceIds, patNums }: Patients): Promise<number> {
  if (practiceIds.length === 0) return 0;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from unnest(${practiceIds}::int[], ${patNums}::text[]) as i (practice_id, pat_num)
     where not exists (select 1 from members m where m.practice_id = i.practice_id and m.pat_num = i.pat_num and m.pat_num <> '')`.execute(db);
  return rows[0]?.n ?? 0;
}

const patientsCte = ({ practiceIds, patNums }: Patients) => sql`
  patients as (
    select distinct m.id, m.practice_id, m.pat_num, coalesce(p.time_zone, z.zone) as zone
      from unnest(${practiceIds}::int[], ${patNums}::text[]) as i (practice_id, pat_num)
      join members m on m.practice_id = i.practice_id and m.pat_num = i.pat_num and m.pat_num <> ''
      join practices p on p.id = m.practice_id
      cross join z)`;

/** Status, last visit and next appointment of the patients' members from all their appointments; the members changed. */
async function updateMembers(db: Kysely<Database>, patients: Patients, run: FeedRun): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    with z (zone) as (select ${run.groupZone}::text), ${patientsCte(patients)},
    visits as (
      select patients.id, patients.zone,
        (select max(a.starts_at) from appointments a
          where a.practice_id = patients.practice_id and a.pat_num = patients.pat_num and a.status = 'Complete') as last_complete,
        (select min(a.starts_at) from appointments a
          where a.practice_id = patients.practice_id and a.pat_num = patients.pat_num and a.status = 'Scheduled' and a.starts_at > ${run.now}) as next_scheduled
        from patients),
    wanted as (
      select m.id,
        case when m.status = any(${[...INACTIVE_STATUSES]}::text[]) then m.status
             when v.next_scheduled is not null and v.last_complete is not null then 'Recare Future Appointment'
             when v.next_scheduled is not null then 'New Patient With Apt'
             when v.last_complete is not null then 'Recare No Future Appointment'
             else 'New Patient' end as status,
        coalesce((v.last_complete at time zone v.zone)::date, m.last_visit) as last_visit,
        v.next_scheduled as next_apt
        from visits v join members m on m.id = v.id)
    update members m set status = w.status, last_visit = w.last_visit, next_apt = w.next_apt
      from wanted w
     where m.id = w.id and (m.status, m.last_visit, m.next_apt) is distinct from (w.status, w.last_visit, w.next_apt)
    returning m.id`.execute(db);
  return rows.map((row) => row.id);
}

/** The first visit of members who have none: their first completed appointment; the members given one. */
async function addFirstVisits(db: Kysely<Database>, patients: Patients, run: FeedRun): Promise<number[]> {
  const { rows } = await sql<{ member_id: number }>`
    with z (zone) as (select ${run.groupZone}::text), ${patientsCte(patients)}
    insert into first_visits (member_id, practice_id, pat_num, first_visit_date, origin, result)
    select patients.id, patients.practice_id, patients.pat_num, (first.starts_at at time zone patients.zone)::date,
           case when booking.result = ${APPOINTMENT_MADE} then ${CALL_CENTER_ORIGIN} else ${PRACTICE_ORIGIN} end,
           coalesce(booking.result, '')
      from patients
      cross join lateral (
        select a.starts_at, a.booked_at from appointments a
         where a.practice_id = patients.practice_id and a.pat_num = patients.pat_num and a.status = 'Complete'
         order by a.starts_at limit 1) first
      -- the result the member had when the visit was booked
      left join lateral (
        select r.result from results r where r.member_id = patients.id and r.created_at <= first.booked_at
         order by r.created_at desc, r.id desc limit 1) booking on true
     where not exists (select 1 from first_visits f where f.member_id = patients.id)
    returning member_id`.execute(db);
  return rows.map((row) => row.member_id);
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

/** Open callbacks of members with an appointment ahead are closed: the practice booked them. */
async function closeBookedCallbacks(db: Kysely<Database>, patients: Patients, run: FeedRun): Promise<{ callback_id: number; member_id: number }[]> {
  const { rows } = await sql<{ callback_id: number; member_id: number }>`
    with z (zone) as (select ${run.groupZone}::text), ${patientsCte(patients)},
    closed as (
      update callbacks c set status = 'closed', version = c.version + 1
        from patients
       where c.member_id = patients.id and c.status = 'open'
         and exists (select 1 from appointments a where a.practice_id = patients.practice_id and a.pat_num = patients.pat_num
                        and a.status = 'Scheduled' and a.starts_at > ${run.now})
      returning c.id, c.member_id, c.due_at)
    insert into callback_changes (callback_id, member_id, user_id, change, due_at, at, reason)
    select id, member_id, null, 'closed', due_at, ${run.now}, ${BOOKED_AT_PRACTICE} from closed
    returning callback_id, member_id`.execute(db);
  return rows;
}

export async function applyAppointments(
  db: Kysely<Database>,
  records: AppointmentRecord[],
  firstVisits: FirstVisitRecord[],
  run: FeedRun,
): Promise<AppliedBatch> {
  const upserted = records.length > 0 ? await upsertAppointments(db, records) : { written: 0, practiceIds: [], patNums: [] };
  const patients = {
    practiceIds: [...upserted.practiceIds, ...firstVisits.map((visit) => visit.practiceId)],
    patNums: [...upserted.patNums, ...firstVisits.map((visit) => visit.patNum)],
  };
  const unmatched = await countUnmatched(db, {
    practiceIds: [...records.map((r) => r.practiceId), ...firstVisits.map((visit) => visit.practiceId)],
    patNums: [...records.map((r) => r.patNum), ...firstVisits.map((visit) => visit.patNum)],
  });
  const changed = new Set<number>();
  const closedCallbackIds: number[] = [];
  let written = upserted.written;
  if (patients.practiceIds.length > 0) {
    const sourceFirstVisits = await writeSourceFirstVisits(db, firstVisits);
    written += sourceFirstVisits.length;
    for (const id of sourceFirstVisits) changed.add(id);
    for (const id of await updateMembers(db, patients, run)) changed.add(id);
    for (const id of await addFirstVisits(db, patients, run)) changed.add(id);
    for (const closed of await closeBookedCallbacks(db, patients, run)) {
      changed.add(closed.member_id);
      closedCallbackIds.push(closed.callback_id);
    }
  }
  const memberIds = [...changed].sort((a, b) => a - b);
  if (memberIds.length > 0) {
    await db
      .insertInto("audit_log")
      .values({ user_id: run.userId ?? null, address: run.address ?? null, action: run.action, member_ids: memberIds })
      .execute();
  }
  return { written, unmatched, memberIds, closedCallbackIds };
}
