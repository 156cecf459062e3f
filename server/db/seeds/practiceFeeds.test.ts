// @vitest-environment node
// The demo world's appointments, leads, deleted appointments and planned treatment go in through
// the practices' feeds (applyFeedBatch), and come out as the world has them: the leads', deletions'
// and planned treatment's ids the same (the fake backend's), each keyed by its world id as the
// source's number, every field the same; the members' Status, last visit, next appointment and
// first visits, which the feed's rules make of the appointments, those the fake backend shows. On
// PGlite, and on PostgreSQL 15 when DATABASE_URL_TEST is set.
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { generateWorld } from "../../../demo/world.ts";
import { freshTestDatabase } from "../../../tests/support/testDatabase.ts";
import type { DatabaseHandle } from "../connection.ts";
import { seedDemoData } from "../seed.ts";

vi.setConfig({ testTimeout: 120_000 });

const OPTIONS = { size: 400, today: new Date("2026-11-16T15:00:00Z") };
const world = generateWorld(OPTIONS);
let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshTestDatabase();
  await seedDemoData(database.db, OPTIONS);
}, 120_000);
afterAll(() => database?.close());

const instant = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

it("the world's appointments are the feed's rows, booked when the practice last changed them", async () => {
  const rows = await database.db
    .selectFrom("appointments")
    .select(["practice_id", "pat_num", "apt_num", "starts_at", "status", "is_new_patient", "changed_at", "booked_at"])
    .orderBy("apt_num")
    .execute();
  expect(world.appointments.length).toBeGreaterThan(world.members.length / 2);
  expect(new Set(rows.map((row) => row.status))).toEqual(new Set(["Complete", "Scheduled", "Broken"]));
  expect(rows.map((row) => ({ ...row, starts_at: instant(row.starts_at), changed_at: instant(row.changed_at), booked_at: instant(row.booked_at) }))).toEqual(
    world.appointments
      .map((appointment) => ({
        practice_id: appointment.practiceId,
        pat_num: appointment.patNum,
        apt_num: appointment.aptNum,
        starts_at: appointment.startsAt,
        status: appointment.status,
        is_new_patient: appointment.isNewPatient,
        changed_at: appointment.changedAt,
        booked_at: appointment.changedAt,
      }))
      .sort((a, b) => a.apt_num.localeCompare(b.apt_num)),
  );
});

it("the members' Status, last visit and next appointment are those the appointments make, as the fake backend shows them", async () => {
  const rows = await database.db
    .selectFrom("member_visits")
    .select(["member_id as id", "status", sql<string | null>`to_char(last_visit, 'YYYY-MM-DD')`.as("lastVisit"), "next_apt"])
    .orderBy("member_id")
    .execute();
  expect(rows.map((row) => ({ id: row.id, Status: row.status, LastVisit: row.lastVisit, NextApt: instant(row.next_apt) }))).toEqual(
    world.members.map((member) => ({ id: member.id, Status: member.Status, LastVisit: member.LastVisit, NextApt: member.NextApt })),
  );
  const statuses = new Set(rows.map((row) => row.status));
  for (const status of ["New Patient", "New Patient With Apt", "Recare Future Appointment", "Recare No Future Appointment", "Dropped Patient"]) expect(statuses).toContain(status);
});

it("the first visits are the appointments' first completed ones, the call center credited for those its call booked", async () => {
  const rows = await database.db
    .selectFrom("first_visits")
    .select(["member_id", "practice_id", "pat_num", sql<string>`to_char(first_visit_date, 'YYYY-MM-DD')`.as("first_visit_date"), "origin", "result"])
    .orderBy("member_id")
    .execute();
  expect(rows).toEqual(
    world.firstVisits.map((visit) => ({
      member_id: visit.memberId,
      practice_id: visit.practiceId,
      pat_num: visit.patNum,
      first_visit_date: visit.firstVisitDate,
      origin: visit.origin,
      result: visit.result,
    })),
  );
  expect(new Set(rows.map((row) => row.origin))).toEqual(new Set(["Call Center", "Practice"]));
});

it("the world's leads are the feed's rows, with the world's ids", async () => {
  const rows = await database.db.selectFrom("leads").selectAll().orderBy("id").execute();
  expect(world.leads.length).toBeGreaterThan(100);
  expect(rows.map((row) => ({ ...row, created_at: instant(row.created_at), closed_at: instant(row.closed_at) }))).toEqual(
    world.leads.map((lead) => ({
      id: lead.id,
      practice_id: lead.practiceId,
      source_id: String(lead.id),
      source: lead.source,
      stage: lead.stage,
      outcome: lead.outcome,
      lost_reason: lead.lostReason,
      created_at: instant(lead.createdAt),
      closed_at: instant(lead.closedAt),
    })),
  );
});

it("the world's deleted appointments are the feed's rows, with the world's ids", async () => {
  const rows = await database.db.selectFrom("deleted_appointments").selectAll().orderBy("id").execute();
  expect(world.deletedAppointments.length).toBeGreaterThan(10);
  expect(rows.map((row) => ({ ...row, appointment_date: instant(row.appointment_date), deleted_at: instant(row.deleted_at) }))).toEqual(
    world.deletedAppointments.map((deletion) => ({
      id: deletion.id,
      practice_id: deletion.practiceId,
      pat_num: deletion.PatNum,
      source_id: String(deletion.id),
      patient_name: deletion.patientName,
      appointment_date: instant(deletion.appointmentDate),
      deleted_at: instant(deletion.deletedAt),
      deleted_by: deletion.deletedBy,
      reason: deletion.reason,
    })),
  );
});

it("the world's planned treatment is the feed's rows, with the world's ids", async () => {
  const rows = await database.db.selectFrom("treatment_priorities").selectAll().orderBy("id").execute();
  expect(world.priorities.length).toBeGreaterThan(10);
  expect(rows).toEqual(
    world.priorities.map((planned) => ({
      id: planned.id,
      practice_id: planned.practiceId,
      pat_num: planned.patNum,
      source_id: String(planned.id),
      priority: planned.priority,
    })),
  );
});
