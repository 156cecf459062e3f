// @vitest-environment node
// Days of the practice calendar in SQL: day boundaries and hours computed by the database in the
// group's time zone, at the changes of the clocks (Chicago: 2026-03-08 has 23 hours, 2026-11-01 has
// 25), and the calendar's clock. Runs on PGlite, and on PostgreSQL 15 with DATABASE_URL_TEST.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import { calendarNow } from "../calendar.ts";
import { hourOfDay, startOfDay, withinDays } from "./periods.repository.ts";
import { freshTestDatabase } from "../../tests/support/reportsFixtureB.ts";

const CHICAGO = "America/Chicago";

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
      OIDC_CLIENT_SECRET: "s",
      OIDC_REDIRECT_URL: "https://recall.example/",
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
