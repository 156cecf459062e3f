// @vitest-environment node
// Report periods: calendar arithmetic on plain dates (week starts, month and year boundaries, leap
// years) and day boundaries and hours computed by the database in the group's time zone, at the
// changes of the clocks (Chicago: 2026-03-08 has 23 hours, 2026-11-01 has 25). Runs on PGlite, and
// on PostgreSQL 15 with DATABASE_URL_TEST.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import { calendarNow, hourOfDay, lastMonths, mondayOf, monthEndOf, reportPeriods, startOfDay, withinDays, zonedDate } from "./periods.ts";
import { freshTestDatabase } from "./reportsB.testFixture.ts";

const CHICAGO = "America/Chicago";

describe("calendar days of the group's time zone", () => {
  it("turns an instant into the day it is in Chicago, not in UTC", () => {
    expect(zonedDate(new Date("2026-11-16T05:59:59Z"), CHICAGO)).toBe("2026-11-15"); // Sunday 23:59:59 CST
    expect(zonedDate(new Date("2026-11-16T06:00:00Z"), CHICAGO)).toBe("2026-11-16"); // Monday 00:00 CST
    expect(zonedDate(new Date("2026-01-01T05:30:00Z"), CHICAGO)).toBe("2025-12-31"); // New Year in UTC only
    expect(zonedDate(new Date("2026-11-16T05:59:59Z"), "Europe/Berlin")).toBe("2026-11-16");
  });

  it("starts weeks on Monday, across a year boundary too", () => {
    expect(mondayOf("2026-11-16")).toBe("2026-11-16");
    expect(mondayOf("2026-11-22")).toBe("2026-11-16"); // Sunday ends the week
    expect(mondayOf("2026-01-01")).toBe("2025-12-29");
  });

  it("ends months on their last day, February of leap years included", () => {
    expect(monthEndOf("2026-02-10")).toBe("2026-02-28");
    expect(monthEndOf("2028-02-10")).toBe("2028-02-29");
    expect(monthEndOf("2026-12-31")).toBe("2026-12-31");
  });

  it("gives the standard periods of a Monday in the middle of a month", () => {
    expect(reportPeriods("2026-11-16")).toEqual({
      today: { startDate: "2026-11-16", endDate: "2026-11-16" },
      yesterday: { startDate: "2026-11-15", endDate: "2026-11-15" },
      thisWeek: { startDate: "2026-11-16", endDate: "2026-11-16" },
      lastWeek: { startDate: "2026-11-09", endDate: "2026-11-15" },
      monthToDate: { startDate: "2026-11-01", endDate: "2026-11-16" },
      lastMonth: { startDate: "2026-10-01", endDate: "2026-10-31" },
    });
  });

  it("gives the standard periods of New Year's Day: last week, last month and yesterday in the year before", () => {
    expect(reportPeriods("2026-01-01")).toEqual({
      today: { startDate: "2026-01-01", endDate: "2026-01-01" },
      yesterday: { startDate: "2025-12-31", endDate: "2025-12-31" },
      thisWeek: { startDate: "2025-12-29", endDate: "2026-01-01" },
      lastWeek: { startDate: "2025-12-22", endDate: "2025-12-28" },
      monthToDate: { startDate: "2026-01-01", endDate: "2026-01-01" },
      lastMonth: { startDate: "2025-12-01", endDate: "2025-12-31" },
    });
  });

  it("gives a week that began in the month before, and last month ending on the 29th of a leap February", () => {
    const periods = reportPeriods("2028-03-01"); // a Wednesday
    expect(periods.thisWeek).toEqual({ startDate: "2028-02-28", endDate: "2028-03-01" });
    expect(periods.lastMonth).toEqual({ startDate: "2028-02-01", endDate: "2028-02-29" });
  });

  it("offers this month and the ones before it, across a year boundary", () => {
    expect(lastMonths("2026-01-31", 3)).toEqual(["2026-01", "2025-12", "2025-11"]);
    expect(lastMonths("2026-11-16", 24).at(-1)).toBe("2024-12");
  });
});

describe("the practice calendar's clock and zone (server/config.ts)", () => {
  it("runs the calendar from DEMO_CLOCK_START, and on the real clock without it", () => {
    const real = new Date("2030-05-05T12:00:00Z");
    const moved = { now: () => real, config: loadConfig({ NODE_ENV: "test", DEMO_CLOCK_START: "2026-11-16T15:00:00Z" }) };
    expect(Math.abs(calendarNow(moved).getTime() - (Date.parse("2026-11-16T15:00:00Z") + real.getTime() - Date.now()))).toBeLessThan(1000);
    expect(calendarNow({ now: () => real, config: loadConfig({ NODE_ENV: "test" }) })).toEqual(real);
  });

  it("refuses a time zone that does not exist and a demo clock in production, naming the variable", () => {
    expect(() => loadConfig({ NODE_ENV: "test", REPORT_TIME_ZONE: "America/Gotham" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "test", REPORT_TIME_ZONE: "America/Gotham" })).toThrow("REPORT_TIME_ZONE");
    expect(() => loadConfig({ NODE_ENV: "test", DEMO_CLOCK_START: "yesterday" })).toThrow("DEMO_CLOCK_START");
    const production = {
      NODE_ENV: "production",
      HANDOFF_SECRET: "a production secret of at least 32 bytes",
      OIDC_ISSUER: "https://accounts.example.test",
      OIDC_CLIENT_ID: "recall-desk",
      OIDC_JWKS_URL: "https://accounts.example.test/jwks",
    };
    expect(() => loadConfig(production)).not.toThrow();
    expect(() => loadConfig({ ...production, DEMO_CLOCK_START: "2026-11-16T15:00:00Z" })).toThrow("DEMO_CLOCK_START");
    expect(loadConfig({ NODE_ENV: "test" }).reportTimeZone).toBe(CHICAGO);
  });
});

describe("day boundaries and hours in SQL", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await freshTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  const instant = async (date: string, timeZone = CHICAGO) =>
    (await sql<{ at: Date }>`select ${startOfDay(date, timeZone)} as at`.execute(database.db)).rows[0]!.at.toISOString();
  const hour = async (at: string) => (await sql<{ hour: number }>`select ${hourOfDay(sql`cast(${at} as timestamptz)`, CHICAGO)} as hour`.execute(database.db)).rows[0]!.hour;
  const within = async (at: string, startDate: string, endDate: string) =>
    (await sql<{ inside: boolean }>`select ${withinDays(sql`cast(${at} as timestamptz)`, { startDate, endDate }, CHICAGO)} as inside`.execute(database.db)).rows[0]!.inside;

  it("starts days at local midnight: 6:00 UTC in winter, 5:00 UTC in summer, on both sides of each change", async () => {
    expect(await instant("2026-03-08")).toBe("2026-03-08T06:00:00.000Z"); // still CST at midnight
    expect(await instant("2026-03-09")).toBe("2026-03-09T05:00:00.000Z"); // so March 8 had 23 hours
    expect(await instant("2026-11-01")).toBe("2026-11-01T05:00:00.000Z"); // still CDT at midnight
    expect(await instant("2026-11-02")).toBe("2026-11-02T06:00:00.000Z"); // so November 1 had 25 hours
    expect(await instant("2026-11-16", "America/Los_Angeles")).toBe("2026-11-16T08:00:00.000Z");
  });

  it("counts the hours of the day on the local clock: 1 then 3 in spring, 1 twice in autumn", async () => {
    expect(await hour("2026-03-08T07:59:00Z")).toBe(1);
    expect(await hour("2026-03-08T08:00:00Z")).toBe(3);
    expect(await hour("2026-11-01T06:30:00Z")).toBe(1);
    expect(await hour("2026-11-01T07:30:00Z")).toBe(1);
    expect(await hour("2026-11-16T05:59:00Z")).toBe(23);
  });

  it("puts 23:59 on a Sunday in the week before and 00:00 on Monday in the new week", async () => {
    expect(await within("2026-11-16T05:59:59Z", "2026-11-09", "2026-11-15")).toBe(true);
    expect(await within("2026-11-16T05:59:59Z", "2026-11-16", "2026-11-22")).toBe(false);
    expect(await within("2026-11-16T06:00:00Z", "2026-11-16", "2026-11-22")).toBe(true);
    expect(await within("2026-11-16T06:00:00Z", "2026-11-09", "2026-11-15")).toBe(false);
  });

  it("ends a month at the local midnight of its last day, and a year too", async () => {
    expect(await within("2026-11-01T04:59:59Z", "2026-10-01", "2026-10-31")).toBe(true);
    expect(await within("2026-11-01T05:00:00Z", "2026-10-01", "2026-10-31")).toBe(false);
    expect(await within("2027-01-01T05:59:59Z", "2026-12-01", "2026-12-31")).toBe(true);
    expect(await within("2027-01-01T06:00:00Z", "2027-01-01", "2027-01-31")).toBe(true);
  });
});
