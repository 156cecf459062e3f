// @vitest-environment node
// The priority status report on the small fixed practice group of tests/support/reportsFixtureA.ts,
// against counts worked out by hand. Runs on PGlite, and on PostgreSQL 15 with DATABASE_URL_TEST.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/connection.ts";
import { priorityStatusHandlers } from "./priorityStatus.handlers.ts";
import { callOf, freshTestDatabase, insertPracticeGroup, PRACTICE, servicesAt } from "../../tests/support/reportsFixtureA.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshTestDatabase();
  await insertPracticeGroup(database.db);
}, 60_000);
afterAll(() => database?.close());

const report = () => callOf(priorityStatusHandlers.getPriorityStatusReport, { services: servicesAt(database.db, "2026-11-16T15:00:00Z") });
const zeros = { P1: 0, P2: 0, P3: 0, P4: 0, sum: 0 };

describe("the priority status report", () => {
  it("lists every practice with zeros when no treatment is planned, sorted by code point", async () => {
    expect(await report()).toEqual([
      { location: "FS-A", practiceId: PRACTICE.fsA, region: "FSD", ...zeros },
      { location: "OT-Z", practiceId: PRACTICE.otZ, region: "OTD", ...zeros },
      { location: "SM-B", practiceId: PRACTICE.smB, region: "SMD", ...zeros },
      { location: "SM-a", practiceId: PRACTICE.smLow, region: "SMD", ...zeros },
    ]);
  });

  it("counts each practice's planned treatment by priority, FS-A staying at zero", async () => {
    await database.db
      .insertInto("treatment_priorities")
      .values([
        { practice_id: PRACTICE.smB, pat_num: "P1", priority: "P1" },
        { practice_id: PRACTICE.smB, pat_num: "P2", priority: "P3" },
        { practice_id: PRACTICE.smB, pat_num: "P3", priority: "P3" },
        { practice_id: PRACTICE.smLow, pat_num: "P6", priority: "P4" },
        { practice_id: PRACTICE.otZ, pat_num: "X1", priority: "P2" },
      ])
      .execute();
    expect(await report()).toEqual([
      { location: "FS-A", practiceId: PRACTICE.fsA, region: "FSD", ...zeros },
      { location: "OT-Z", practiceId: PRACTICE.otZ, region: "OTD", P1: 0, P2: 1, P3: 0, P4: 0, sum: 1 },
      { location: "SM-B", practiceId: PRACTICE.smB, region: "SMD", P1: 1, P2: 0, P3: 2, P4: 0, sum: 3 },
      { location: "SM-a", practiceId: PRACTICE.smLow, region: "SMD", P1: 0, P2: 0, P3: 0, P4: 1, sum: 1 },
    ]);
  });

  it("refuses a priority outside P1–P4", async () => {
    const insert = database.db.insertInto("treatment_priorities").values({ practice_id: PRACTICE.smB, pat_num: "P1", priority: "P5" as "P1" }).execute();
    await expect(insert).rejects.toThrow(/check constraint/);
  });
});
