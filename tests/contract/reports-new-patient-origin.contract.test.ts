// The new patient origin report: first visits by the source the patients came from.
import { beforeAll, describe, expect, it } from "vitest";
import { useBackend } from "./fixtures";
import { reportCalendar, type ReportCalendar } from "./reportDates";

const backend = useBackend();
let calendar: ReportCalendar;
beforeAll(async () => {
  calendar = await reportCalendar(backend);
});

/** This month and the 23 before, newest first. */
const lastMonths = (month: string, count: number) =>
  Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 - index, 1));
    return date.toISOString().slice(0, 7);
  });

const origin = (params: unknown) =>
  backend.api.get("/report/new-patient-origin", {
    token: backend.staff.token,
    query: { params: typeof params === "string" ? params : JSON.stringify(params) },
  });
const sum = (items: { count: number }[]) => items.reduce((total, item) => total + item.count, 0);
const percents = (items: { percent: number }[]) => items.reduce((total, item) => total + item.percent, 0);

describe("GET /report/new-patient-origin", () => {
  it("counts this month's new patients by source, most first, shares summing to about 100", async () => {
    const { status, body } = await origin({ practice: [], brand: "all", date: [calendar.month] });
    expect(status).toBe(200);
    expect(body.total.count).toBeGreaterThan(0);
    expect(body.total.count).toBe(sum(body.sources));
    expect(Object.keys(body).sort()).toEqual(["sources", "total"]);
    expect(body.total.sources).toBe(body.sources.length);
    const counts = body.sources.map((source: any) => source.count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    expect(Math.abs(percents(body.sources) - 100)).toBeLessThan(0.5);
    for (const source of body.sources) {
      expect(sum(source.practices)).toBe(source.count);
      expect(Math.abs(percents(source.practices) - 100)).toBeLessThan(0.5);
    }
  });

  it("answers counts, never the first visits, under 100 kB for the widest filters (24 months, every practice)", async () => {
    const { status, body } = await origin({ practice: [], brand: "all", date: lastMonths(calendar.month, 24) });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["sources", "total"]);
    expect(new TextEncoder().encode(JSON.stringify(body)).length).toBeLessThan(100_000);
  });

  it("counts more over 24 months than in one, credited to the call center or the practice", async () => {
    const one = (await origin({ practice: [], brand: "all", date: [calendar.month] })).body;
    const all = (await origin({ practice: [], brand: "all", date: lastMonths(calendar.month, 24) })).body;
    expect(all.total.count).toBeGreaterThan(one.total.count * 10);
    expect(all.sources.map((source: any) => source.source).sort()).toEqual(["Call Center", "Practice"]);
  });

  it("keeps only the chosen practices and brand", async () => {
    const months = lastMonths(calendar.month, 6);
    const all = (await origin({ practice: [], brand: "all", date: months })).body;
    const chosen = all.sources[0].practices[0];
    const { body } = await origin({ practice: [chosen.practiceId], brand: "all", date: months });
    expect(body.total.count).toBeGreaterThan(0);
    const practices = body.sources.flatMap((source: any) => source.practices.map((practice: any) => practice.practiceId));
    expect(new Set(practices)).toEqual(new Set([chosen.practiceId]));
    const byBrand = await Promise.all(["denta", "mcna", "uhc", "tmhp"].map((brand) => origin({ practice: [], brand, date: months })));
    expect(byBrand.reduce((total, answer) => total + answer.body.total.count, 0)).toBe(all.total.count);
  });

  it("refuses params that are not JSON, naming params", async () => {
    const { status, body } = await origin("practice=all");
    expect(status).toBe(400);
    expect(body.details.map((detail: any) => detail.field)).toContain("params");
  });

  it("refuses an unknown brand and a month in another format, naming each", async () => {
    const { status, body } = await origin({ practice: [], brand: "acme", date: ["2026-13"] });
    expect(status).toBe(400);
    const fields = body.details.map((detail: any) => detail.field);
    expect(fields).toContain("params.brand");
    expect(fields).toContain("params.date.0");
  });

  it("refuses a month outside the last 24, naming it", async () => {
    const tooOld = lastMonths(calendar.month, 25)[24];
    const { status, body } = await origin({ practice: [], brand: "all", date: [calendar.month, tooOld] });
    expect(status).toBe(400);
    expect(body.details).toEqual([{ field: "params.date.1", message: expect.any(String) }]);
  });
});
