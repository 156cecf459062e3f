// @vitest-environment node
// The demo world's leads, deleted appointments and planned treatment go in through the practices'
// feeds (applyFeedBatch), and come out as the world has them: the same ids (the fake backend's),
// each keyed by its world id as the source's number, every field the same. On PGlite, and on
// PostgreSQL 15 when DATABASE_URL_TEST is set.
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
