// Deleted appointments by group, by practice and one by one.
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { beforeAll, describe, expect, it } from "vitest";
import { useBackend } from "./fixtures";
import { reportCalendar, shiftDays } from "./reportDates";

dayjs.extend(utc);
dayjs.extend(timezone);

const backend = useBackend();
let range: { startDate: string; endDate: string };
/** The backend's time zone of report days. */
let zone: string;
beforeAll(async () => {
  const { today, timeZone } = await reportCalendar(backend);
  zone = timeZone;
  range = { startDate: shiftDays(today, -59), endDate: today };
});

const call = (view: "bygroup" | "summary" | "details", query: Record<string, string | number>) =>
  backend.api.get(`/deleted-appointments/${view}`, { token: backend.staff.token, query });
const sum = (items: { count: number }[]) => items.reduce((total, item) => total + item.count, 0);

describe("GET /deleted-appointments/bygroup", () => {
  it("lists the four groups alphabetically, agreeing with the summary and the details", async () => {
    const { status, body } = await call("bygroup", range);
    expect(status).toBe(200);
    expect(body.map((group: any) => group.group)).toEqual(["3CD", "FSD", "OTD", "SMD"]);
    const summary = (await call("summary", range)).body;
    const details = (await call("details", range)).body;
    expect(sum(body)).toBeGreaterThan(0);
    expect(sum(body)).toBe(sum(summary));
    expect(sum(body)).toBe(details.count);
    expect(body.reduce((total: number, group: any) => total + group.practices, 0)).toBe(summary.length);
  });

  it("keeps only the region asked for", async () => {
    const { body } = await call("bygroup", { ...range, region: "FSD" });
    expect(body.map((group: any) => group.group)).toEqual(["FSD"]);
  });

  it("lists a group with no deletions with 0", async () => {
    const { body } = await call("bygroup", { startDate: "2001-01-01", endDate: "2001-01-31" });
    expect(body).toEqual(["3CD", "FSD", "OTD", "SMD"].map((group) => ({ group, count: 0, practices: 0 })));
  });

  it("refuses a range that ends before it starts, naming endDate", async () => {
    const { status, body } = await call("bygroup", { startDate: range.endDate, endDate: range.startDate });
    expect(status).toBe(400);
    expect(body.details.map((detail: any) => detail.field)).toEqual(["endDate"]);
  });
});

describe("GET /deleted-appointments/summary", () => {
  it("gives one row per practice with deletions, sorted by practice, reasons adding up to the count", async () => {
    const { status, body } = await call("summary", range);
    expect(status).toBe(200);
    const names = body.map((row: any) => row.practice);
    expect(names).toEqual([...names].sort());
    for (const row of body) {
      expect(sum(row.byReason)).toBe(row.count);
      const counts = row.byReason.map((reason: any) => reason.count);
      expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    }
  });

  it("keeps only the region and practice asked for", async () => {
    const all = (await call("summary", range)).body;
    const smd = (await call("summary", { ...range, region: "SMD" })).body;
    expect(smd.length).toBeGreaterThan(0);
    expect(smd.every((row: any) => row.region === "SMD")).toBe(true);
    const { body } = await call("summary", { ...range, practice: String(all[0].practiceId) });
    expect(body).toEqual([all[0]]);
  });

  it("refuses a region that does not exist, naming region", async () => {
    const { status, body } = await call("summary", { ...range, region: "XYZ" });
    expect(status).toBe(400);
    expect(body.details.map((detail: any) => detail.field)).toContain("region");
  });
});

describe("GET /deleted-appointments/details", () => {
  it("pages the deletions newest first, with who deleted them and why", async () => {
    const first = await call("details", { ...range, pageNum: 1, pageSize: 15 });
    expect(first.status).toBe(200);
    expect(first.body.rows).toHaveLength(15);
    const second = (await call("details", { ...range, pageNum: 2, pageSize: 15 })).body;
    const times = [...first.body.rows, ...second.rows].map((row: any) => Date.parse(row.deletedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set([...first.body.rows, ...second.rows].map((row: any) => row.id)).size).toBe(30);
    expect(first.body.rows.every((row: any) => row.deletedBy !== "" && row.patientName !== "")).toBe(true);
  });

  it("takes the range's days in the group's time zone", async () => {
    const newest = (await call("details", range)).body.rows[0];
    const day = dayjs(newest.deletedAt).tz(zone).format("YYYY-MM-DD");
    const { body } = await call("details", { startDate: day, endDate: day, pageSize: 1000 });
    expect(body.count).toBeGreaterThan(0);
    for (const row of body.rows) expect(dayjs(row.deletedAt).tz(zone).format("YYYY-MM-DD")).toBe(day);
    const dayBefore = (await call("details", { startDate: shiftDays(day, -1), endDate: shiftDays(day, -1), pageSize: 1000 })).body;
    const both = (await call("details", { startDate: shiftDays(day, -1), endDate: day })).body;
    expect(both.count).toBe(body.count + dayBefore.count);
  });

  it("keeps only the practice asked for and counts all its deletions", async () => {
    const summary = (await call("summary", range)).body;
    const { practiceId, count } = summary[0];
    const { body } = await call("details", { ...range, practice: String(practiceId), pageSize: 1000 });
    expect(body.count).toBe(count);
    expect(body.rows).toHaveLength(count);
    expect(body.rows.every((row: any) => row.practiceId === practiceId)).toBe(true);
  });

  it("answers an empty page past the end, with the count", async () => {
    const { count } = (await call("details", range)).body;
    const { status, body } = await call("details", { ...range, pageNum: Math.ceil(count / 15) + 1 });
    expect(status).toBe(200);
    expect(body).toEqual({ count, rows: [] });
  });

  it("refuses a page size that is not offered, naming pageSize", async () => {
    const { status, body } = await call("details", { ...range, pageSize: 20 });
    expect(status).toBe(400);
    expect(body.details.map((detail: any) => detail.field)).toEqual(["pageSize"]);
  });

  it("refuses a missing or malformed date, naming it", async () => {
    const { status, body } = await call("details", { startDate: "11/01/2026" });
    expect(status).toBe(400);
    const fields = body.details.map((detail: any) => detail.field);
    expect(fields).toContain("startDate");
    expect(fields).toContain("endDate");
  });
});
