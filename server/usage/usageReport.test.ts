// @vitest-environment node
// The usage report's SQL against counts worked out by hand on a few fixed visits: the days of the
// practice group's time zone (Chicago, across a DST change too), the searches, the order of rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/connection.ts";
import { freshTestDatabase } from "../../tests/support/testDatabase.ts";
import { usageReport } from "./usageReport.repository.ts";

const CHICAGO = "America/Chicago";
let database: DatabaseHandle;

const alicia = { userId: 1, username: "alicia.moreno@recalldesk.example", firstname: "Alicia", lastname: "Moreno" };
const marcus = { userId: 2, username: "marcus.reed@recalldesk.example", firstname: "Marcus", lastname: "Reed" };
const priya = { userId: 3, username: "priya.natarajan@recalldesk.example", firstname: "Priya", lastname: "Natarajan" };

beforeAll(async () => {
  database = await freshTestDatabase();
  await database.db
    .insertInto("users")
    .values([alicia, marcus, priya].map((user) => ({ id: user.userId, email: user.username, firstname: user.firstname, lastname: user.lastname, default_page: "/dashboard", password_hash: null })))
    .execute();
  let token = 0;
  const visit = (userId: number, visitedUrl: string, accessedAt: string, practice = "1") => ({
    user_id: userId,
    visited_url: visitedUrl,
    default_practice_id: practice,
    accessed_at: accessedAt,
    token: `00000000-0000-4000-8000-${String(++token).padStart(12, "0")}`,
  });
  // Chicago is UTC-6 in November: 2026-11-16 runs from 06:00Z to 06:00Z the next day.
  await database.db
    .insertInto("page_visits")
    .values([
      visit(2, "/dashboard", "2026-11-16T15:00:00Z"),
      visit(2, "/dashboard", "2026-11-17T05:59:00Z"), // still the 16th in Chicago
      visit(2, "/dashboard", "2026-11-17T06:00:00Z"), // the 17th
      visit(2, "/dashboard", "2026-11-16T05:59:00Z"), // the 15th
      visit(2, "/dashboard", "2026-11-16T16:00:00Z", "1;2"), // another default practice: another row
      visit(1, "/usage", "2026-11-16T14:00:00Z"),
      visit(3, "/members/all", "2026-11-16T13:00:00Z"),
      visit(3, "/members/all", "2026-11-16T12:00:00Z"),
      visit(3, "/members/all?status=New%20Patient", "2026-11-16T12:30:00Z"),
      visit(3, "/members/all_x", "2026-11-16T12:40:00Z"),
      visit(1, "/Zebra", "2026-11-16T14:10:00Z"),
      // Daylight saving starts on 2026-03-08: that day ends at 05:00Z (CDT, UTC-5).
      visit(1, "/dashboard", "2026-03-09T04:59:00Z"), // the 8th
      visit(1, "/dashboard", "2026-03-09T05:00:00Z"), // the 9th
      visit(1, "/dashboard", "2026-03-08T06:00:00Z"), // the 8th (its midnight was still CST, UTC-6)
      visit(1, "/dashboard", "2026-03-08T05:59:00Z"), // the 7th
    ])
    .execute();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const report = (query: { startDate: string; endDate: string; userSearch?: string; visitedUrl?: string }) =>
  usageReport(database.db, { userSearch: "", ...query }, CHICAGO);

describe("usageReport", () => {
  it("counts visits per user, page and default practice inside the day, most visits first, ties by username then page", async () => {
    expect(await report({ startDate: "2026-11-16", endDate: "2026-11-16" })).toEqual([
      { ...marcus, visitedUrl: "/dashboard", defualtPracticeId: "1", accessDate: "2026-11-16", count: 2 },
      { ...priya, visitedUrl: "/members/all", defualtPracticeId: "1", accessDate: "2026-11-16", count: 2 },
      // Code point order: "/Zebra" before "/usage".
      { ...alicia, visitedUrl: "/Zebra", defualtPracticeId: "1", accessDate: "2026-11-16", count: 1 },
      { ...alicia, visitedUrl: "/usage", defualtPracticeId: "1", accessDate: "2026-11-16", count: 1 },
      { ...marcus, visitedUrl: "/dashboard", defualtPracticeId: "1;2", accessDate: "2026-11-16", count: 1 },
      { ...priya, visitedUrl: "/members/all?status=New%20Patient", defualtPracticeId: "1", accessDate: "2026-11-16", count: 1 },
      { ...priya, visitedUrl: "/members/all_x", defualtPracticeId: "1", accessDate: "2026-11-16", count: 1 },
    ]);
  });

  it("includes both days of the range and dates a row by its last visit in it", async () => {
    const rows = await report({ startDate: "2026-11-15", endDate: "2026-11-17", userSearch: "reed" });
    expect(rows.map(({ visitedUrl, defualtPracticeId, count, accessDate }) => ({ visitedUrl, defualtPracticeId, count, accessDate }))).toEqual([
      { visitedUrl: "/dashboard", defualtPracticeId: "1", count: 4, accessDate: "2026-11-17" },
      { visitedUrl: "/dashboard", defualtPracticeId: "1;2", count: 1, accessDate: "2026-11-16" },
    ]);
    const lastDay = await report({ startDate: "2026-11-17", endDate: "2026-11-17" });
    expect(lastDay).toEqual([{ ...marcus, visitedUrl: "/dashboard", defualtPracticeId: "1", accessDate: "2026-11-17", count: 1 }]);
  });

  it("takes the days of the time zone across the change to daylight saving time", async () => {
    const count = async (day: string) => (await report({ startDate: day, endDate: day, visitedUrl: "/dashboard" })).map((row) => row.count);
    expect(await count("2026-03-07")).toEqual([1]);
    expect(await count("2026-03-08")).toEqual([2]);
    expect(await count("2026-03-09")).toEqual([1]);
  });

  it("keeps users whose e-mail, first or last name contains userSearch, ignoring case and surrounding spaces", async () => {
    const users = async (userSearch: string) => [...new Set((await report({ startDate: "2026-11-16", endDate: "2026-11-16", userSearch })).map((row) => row.userId))];
    expect(await users(" REED ")).toEqual([2]);
    expect(await users("natar")).toEqual([3]);
    expect(await users("priya.n")).toEqual([3]);
    expect(await users("recalldesk")).toEqual([2, 3, 1]);
    expect(await users("nobody")).toEqual([]);
  });

  it("keeps pages containing visitedUrl, its % and _ taken literally", async () => {
    const pages = async (visitedUrl: string) => (await report({ startDate: "2026-11-16", endDate: "2026-11-16", visitedUrl })).map((row) => row.visitedUrl);
    expect(await pages("MEMBERS")).toEqual(["/members/all", "/members/all?status=New%20Patient", "/members/all_x"]);
    expect(await pages("all_")).toEqual(["/members/all_x"]);
    expect(await pages("%20")).toEqual(["/members/all?status=New%20Patient"]);
    expect(await pages("/nothing")).toEqual([]);
  });
});
