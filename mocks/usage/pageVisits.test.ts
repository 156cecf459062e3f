import { describe, expect, it } from "vitest";
import type { PageVisitRecord } from "../../demo/records.ts";
import { recordPageVisit } from "./pageVisits";

const visit = { userId: 2, visitedUrl: "/dashboard", defualtPracticeId: "4", accessedAt: "2026-11-16T15:00:00.000Z" };

describe("recordPageVisit", () => {
  it("adds a visit with the next id", () => {
    const visits: PageVisitRecord[] = [{ id: 41, ...visit, token: "a" }];

    expect(recordPageVisit(visits, { ...visit, token: "b" })).toBe(true);
    expect(visits.at(-1)).toEqual({ id: 42, ...visit, token: "b" });
  });

  it("counts a repeated token of the same user once", () => {
    const visits: PageVisitRecord[] = [];
    recordPageVisit(visits, { ...visit, token: "a" });

    expect(recordPageVisit(visits, { ...visit, accessedAt: "2026-11-16T15:00:05.000Z", token: "a" })).toBe(false);
    expect(visits).toHaveLength(1);
  });

  it("does not let one user's token hide another user's visit", () => {
    const visits: PageVisitRecord[] = [];
    recordPageVisit(visits, { ...visit, token: "a" });

    expect(recordPageVisit(visits, { ...visit, userId: 3, token: "a" })).toBe(true);
    expect(visits).toHaveLength(2);
  });
});
