import { describe, expect, it } from "vitest";
import type { PageVisitRecord } from "../../demo/records.ts";
import { byUsage, matchesUser, usageReport } from "./usageReport";

const user = (id: number, firstname: string, lastname: string) => ({
  id,
  firstname,
  lastname,
  email: `${firstname}.${lastname}@recalldesk.example`.toLowerCase(),
  profilePicture: "",
  isAdmin: false,
  defaultPage: "/dashboard",
  defaultLocationId: "1",
});
const users = [user(1, "Alicia", "Moreno"), user(2, "Marcus", "Reed"), user(3, "Priya", "Natarajan")];

let id = 0;
const visit = (userId: number, visitedUrl: string, accessedAt: string, defualtPracticeId = "1"): PageVisitRecord => ({
  id: ++id,
  userId,
  visitedUrl,
  defualtPracticeId,
  accessedAt,
  token: `t${id}`,
});

// Chicago is UTC-6 in November: 2026-11-16 runs from 06:00Z to 06:00Z the next day.
const visits = [
  visit(2, "/dashboard", "2026-11-16T15:00:00Z"),
  visit(2, "/dashboard", "2026-11-17T05:59:00Z"), // still the 16th in Chicago
  visit(2, "/dashboard", "2026-11-17T06:00:00Z"), // the 17th
  visit(2, "/dashboard", "2026-11-16T05:59:00Z"), // the 15th
  visit(2, "/dashboard", "2026-11-16T16:00:00Z", "1;2"),
  visit(1, "/usage", "2026-11-16T14:00:00Z"),
  visit(3, "/members/all", "2026-11-16T13:00:00Z"),
  visit(3, "/members/all", "2026-11-16T12:00:00Z"),
];
const sixteenth = { startDate: "2026-11-16", endDate: "2026-11-16", userSearch: "" };

describe("usageReport", () => {
  it("counts visits per user, page and default practice inside the range's days, in the group's time zone", () => {
    const rows = usageReport(visits, users, sixteenth);

    const marcus = { userId: 2, username: "marcus.reed@recalldesk.example", firstname: "Marcus", lastname: "Reed" };
    const priya = { userId: 3, username: "priya.natarajan@recalldesk.example", firstname: "Priya", lastname: "Natarajan" };
    const alicia = { userId: 1, username: "alicia.moreno@recalldesk.example", firstname: "Alicia", lastname: "Moreno" };
    expect(rows).toEqual([
      { ...marcus, visitedUrl: "/dashboard", defualtPracticeId: "1", accessDate: "2026-11-16", count: 2 },
      { ...priya, visitedUrl: "/members/all", defualtPracticeId: "1", accessDate: "2026-11-16", count: 2 },
      { ...alicia, visitedUrl: "/usage", defualtPracticeId: "1", accessDate: "2026-11-16", count: 1 },
      { ...marcus, visitedUrl: "/dashboard", defualtPracticeId: "1;2", accessDate: "2026-11-16", count: 1 },
    ]);
  });

  it("dates a row by its last visit in the range", () => {
    const rows = usageReport(visits, users, { ...sixteenth, startDate: "2026-11-15", endDate: "2026-11-17" });

    expect(rows[0]).toMatchObject({ userId: 2, visitedUrl: "/dashboard", defualtPracticeId: "1", count: 4, accessDate: "2026-11-17" });
  });

  it("keeps the users matching userSearch and the pages containing visitedUrl", () => {
    expect(usageReport(visits, users, { ...sixteenth, userSearch: " REED " }).map((row) => row.userId)).toEqual([2, 2]);
    expect(usageReport(visits, users, { ...sixteenth, visitedUrl: "MEMBERS" }).map((row) => row.visitedUrl)).toEqual(["/members/all"]);
    expect(usageReport(visits, users, { ...sixteenth, userSearch: "nobody" })).toEqual([]);
  });
});

describe("matchesUser", () => {
  it("looks in the e-mail, first and last name", () => {
    expect(matchesUser(users[2]!, "natar")).toBe(true);
    expect(matchesUser(users[2]!, "priya.n")).toBe(true);
    expect(matchesUser(users[2]!, "")).toBe(true);
    expect(matchesUser(users[2]!, "reed")).toBe(false);
  });
});

describe("byUsage", () => {
  it("orders by count descending, then username, user id and visited page", () => {
    const row = { userId: 1, visitedUrl: "/a", defualtPracticeId: "1", username: "b@x", firstname: "", lastname: "", accessDate: "2026-11-16", count: 1 };
    const rows = [
      { ...row, visitedUrl: "/b" },
      { ...row, username: "a@x", userId: 9 },
      { ...row, count: 3, username: "z@x" },
      row,
    ];

    expect([...rows].sort(byUsage)).toEqual([rows[2], rows[1], rows[3], rows[0]]);
  });
});
