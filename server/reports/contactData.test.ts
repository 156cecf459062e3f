// @vitest-environment node
// The contact data report on a small fixed result history, each expected cell computed by hand
// from the Chicago clock: Sunday 23:59 against Monday 00:00, the last minute of a month, the hour
// that happens twice when the clocks go back, the one that is skipped when they go forward.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../contract/schema.d.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import { contactDataHandlers } from "./contactData.handlers.ts";
import { callOf, freshTestDatabase, insertPracticeGroup, MEMBER, servicesAt } from "../../tests/support/reportsFixtureB.ts";

type Report = components["schemas"]["ContactDataReport"];

let database: DatabaseHandle;

/** [when (UTC), result]: the local time in Chicago is in the comment. */
const SAVES: [string, string][] = [
  ["2026-11-16T06:00:00Z", "Appointment Made"], // Mon 16 Nov 00:00 CST: today
  ["2026-11-16T05:59:00Z", "No answer"], // Sun 15 Nov 23:59 CST: last week, this month
  ["2026-11-16T15:10:00Z", ""], // Blank clears a result: no call
  ["2026-11-16T15:20:00Z", "Transfer"], // Mon 09:20: today, contacted
  ["2026-11-01T04:59:00Z", "Confirm"], // Sat 31 Oct 23:59 CDT: last month
  ["2026-11-01T05:00:00Z", "Wrong Number"], // Sun 1 Nov 00:00 CDT: this month, not contacted
  ["2026-11-01T06:30:00Z", "Appointment Made"], // 01:30 CDT, the first 1 o'clock
  ["2026-11-01T07:30:00Z", "Appointment Made"], // 01:30 CST, the second 1 o'clock
  ["2026-10-01T05:00:00Z", "Reschedule"], // Thu 1 Oct 00:00 CDT: last month's first minute
  ["2026-10-01T04:59:00Z", "Reschedule"], // Wed 30 Sep 23:59 CDT: before last month
  ["2026-03-08T05:59:00Z", "No answer"], // Sat 7 Mar 23:59 CST
  ["2026-03-08T07:30:00Z", "No answer"], // Sun 8 Mar 01:30 CST
  ["2026-03-08T08:30:00Z", "Contact Made Call Back"], // 03:30 CDT: 2 o'clock never happened
  ["2026-03-09T04:30:00Z", "Appointment Made"], // Sun 8 Mar 23:30 CDT, the 23-hour day's last hour
  ["2026-03-09T05:00:00Z", "No answer"], // Mon 9 Mar 00:00 CDT
];

beforeAll(async () => {
  database = await freshTestDatabase();
  await insertPracticeGroup(database.db);
  await database.db
    .insertInto("results")
    .values(SAVES.map(([at, result]) => ({ member_id: MEMBER.m1, user_id: 1, result, created_at: at })))
    .execute();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const report = (now: string, timeZone?: string) =>
  callOf(contactDataHandlers.getContactDataReport, { services: servicesAt(database.db, now, timeZone), query: {} }) as Promise<Report>;

/** The hours of a series that counted anything, as { hour: counts }. */
function counted<T extends { hour: number }>(series: T[]): Record<number, Omit<T, "hour">> {
  expect(series.map((slot) => slot.hour)).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
  const cells: Record<number, Omit<T, "hour">> = {};
  for (const { hour, ...counts } of series) if (Object.values(counts).some((count) => count !== 0)) cells[hour] = counts;
  return cells;
}

describe("the contact data report", () => {
  it("counts each save in every period it falls in, by the local hour, on Monday 16 November 12:30", async () => {
    const body = await report("2026-11-16T18:30:00Z");
    expect(body.generatedAt).toBe("2026-11-16T18:30:00.000Z");
    expect(body.timeZone).toBe("America/Chicago");
    expect(counted(body.calls.today)).toEqual({ 0: { contacted: 1, notContacted: 0 }, 9: { contacted: 1, notContacted: 0 } });
    expect(counted(body.calls.thisWeek)).toEqual({ 0: { contacted: 1, notContacted: 0 }, 9: { contacted: 1, notContacted: 0 } });
    expect(counted(body.calls.lastWeek)).toEqual({ 23: { contacted: 0, notContacted: 1 } });
    expect(counted(body.calls.thisMonth)).toEqual({
      0: { contacted: 1, notContacted: 1 },
      1: { contacted: 2, notContacted: 0 },
      9: { contacted: 1, notContacted: 0 },
      23: { contacted: 0, notContacted: 1 },
    });
    expect(counted(body.calls.lastMonth)).toEqual({ 0: { contacted: 1, notContacted: 0 }, 23: { contacted: 1, notContacted: 0 } });
    expect(counted(body.appointments.today)).toEqual({ 0: { count: 1 } });
    expect(counted(body.appointments.week)).toEqual({ 0: { count: 1 } });
    expect(counted(body.appointments.month)).toEqual({ 0: { count: 1 }, 1: { count: 2 } });
  });

  it("counts the 23 hours of the day the clocks go forward, and none of the next day", async () => {
    const body = await report("2026-03-08T20:00:00Z"); // Sunday 8 March 15:00 CDT
    expect(counted(body.calls.today)).toEqual({
      1: { contacted: 0, notContacted: 1 },
      3: { contacted: 1, notContacted: 0 },
      23: { contacted: 1, notContacted: 0 },
    });
    // Monday 2 to Sunday 8 March: Saturday's 23:59 too.
    expect(counted(body.calls.thisWeek)).toEqual({
      1: { contacted: 0, notContacted: 1 },
      3: { contacted: 1, notContacted: 0 },
      23: { contacted: 1, notContacted: 1 },
    });
    expect(counted(body.appointments.today)).toEqual({ 23: { count: 1 } });
  });

  it("reads the days and hours in the configured zone (REPORT_TIME_ZONE)", async () => {
    // 06:00 UTC on 16 November is 01:00 in New York; 05:59 is 00:59 of the same Monday there.
    const body = await report("2026-11-16T18:30:00Z", "America/New_York");
    expect(body.timeZone).toBe("America/New_York");
    expect(counted(body.calls.today)).toEqual({
      0: { contacted: 0, notContacted: 1 },
      1: { contacted: 1, notContacted: 0 },
      10: { contacted: 1, notContacted: 0 },
    });
  });

  it("follows the history as it changes: a save added, its result changed, then removed", async () => {
    const today = async () => counted((await report("2026-11-16T18:30:00Z")).calls.today);
    const before = await today();
    const [added] = await database.db
      .insertInto("results")
      .values({ member_id: MEMBER.m1, user_id: 1, result: "Transfer", created_at: "2026-11-16T18:05:00Z" })
      .returning("id")
      .execute();
    expect(await today()).toEqual({ ...before, 12: { contacted: 1, notContacted: 0 } });
    await database.db.updateTable("results").set({ result: "No answer" }).where("id", "=", added!.id).execute();
    expect(await today()).toEqual({ ...before, 12: { contacted: 0, notContacted: 1 } });
    await database.db.deleteFrom("results").where("id", "=", added!.id).execute();
    expect(await today()).toEqual(before);
  });

  it("places a save in its local hour in a zone a quarter of an hour off the hour (Asia/Kathmandu, UTC+05:45)", async () => {
    // 16 November 05:59 UTC is 11:44 there, 06:00 UTC is 11:45, 15:20 UTC is 21:05: all Monday.
    const body = await report("2026-11-16T18:00:00Z", "Asia/Kathmandu");
    expect(counted(body.calls.today)).toEqual({ 11: { contacted: 1, notContacted: 1 }, 21: { contacted: 1, notContacted: 0 } });
  });
});
