// @vitest-environment node
// The queue's walk finds the same members in the same order whichever way it takes under the
// list's filters: down the walk's index, over its first members only, or from the filters' own
// members first. A fill picks the way by cost alone (hopper.repository.ts).
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, startTestApp, type TestApp } from "../../tests/support/testApp.ts";
import { memberListConditions, type ListQuery } from "../members/members.repository.ts";
import { brandOnState, queueWalk, type WalkMoment, type WalkWay } from "./queueWalk.repository.ts";

describe.each(ENGINES)("the queue's walk on %s", (engine) => {
  let test: TestApp;
  let moment: WalkMoment;

  beforeAll(async () => {
    test = await startTestApp({ engine, env: { QUEUE_CALLING_HOURS: "00:00-24:00" } });
    const { rows } = await sql<{ time_zone: string }>`select distinct time_zone from queue_state where time_zone is not null`.execute(test.database.db);
    moment = { openZones: rows.map((row) => row.time_zone), now: new Date(), claimsNow: new Date() };
  }, 180_000);
  afterAll(() => test?.close());

  const walk = async (query: ListQuery, way: WalkWay, take: number) => {
    const filters = await memberListConditions(test.database.db, query);
    const { rows } = await sql<{ member_id: number; place: string }>`${queueWalk(moment, filters, take, sql`true`, way)}`.execute(test.database.db);
    return rows.map((row) => row.member_id);
  };

  it.each<[string, ListQuery]>([
    ["one practice", { practice: "2" }],
    ["a status", { status: "New Patient" }],
    ["Blank result", { result: "" }],
    ["a result whose members are all done with", { result: "Appointment Made" }],
    ["a practice's members with a result few have", { practice: "3", result: "No answer" }],
  ])("under %s, every way finds the same members in the same order", async (_name, query) => {
    const byIndex = await walk(query, "index", 40);
    expect(await walk(query, "ahead", 40)).toEqual(byIndex);
    expect(await walk(query, "matching", 40)).toEqual(byIndex);
    if (query.result !== "Appointment Made") expect(byIndex.length).toBeGreaterThan(0);
    else expect(byIndex).toEqual([]);
  });

  it.each<[string, ListQuery, WalkWay]>([
    ["one brand", { company: "denta" }, "index"],
    ["two brands", { company: "denta,uhc" }, "index"],
    ["a brand and a practice", { company: "mcna", practice: "2" }, "ahead"],
  ])("under %s on the queue states' copy of the brand, finds the members the brand on their rows finds", async (_name, query, way) => {
    const { onState, memberQuery } = brandOnState(query);
    const onMember = await memberListConditions(test.database.db, memberQuery);
    const also = sql<boolean>`${sql.join(onState, sql` and `)}`;
    const { rows } = await sql<{ member_id: number }>`${queueWalk(moment, onMember, 40, also, way)}`.execute(test.database.db);
    const byRows = await walk(query, "index", 40);
    expect(byRows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.member_id)).toEqual(byRows);
  });

  it("without filters, walks the members no list filter narrows", async () => {
    const all = await walk({}, "index", 40);
    expect(all).toHaveLength(40);
    expect(await walk({}, "matching", 40)).toEqual(all);
  });
});
