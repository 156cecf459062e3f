// The lead reports: the quality index (leads won and lost, conversion and funnel) and the lead data
// report (leads entered per period and practice).
import { beforeAll, describe, expect, it } from "vitest";
import { useBackend } from "./fixtures";
import { leadDate, reportCalendar, shiftDays, type ReportCalendar } from "./reportDates";

const backend = useBackend();
let calendar: ReportCalendar;
beforeAll(async () => {
  calendar = await reportCalendar(backend);
});

const sum = (items: { count: number }[]) => items.reduce((total, item) => total + item.count, 0);

describe("POST /report/quality-index-report", () => {
  const request = () => ({
    d1: calendar.today,
    d2: calendar.today,
    yesterday1: calendar.yesterday,
    yesterday2: calendar.yesterday,
    thirty: shiftDays(calendar.today, -30),
    seven: shiftDays(calendar.today, -7),
    thisMonth: calendar.monthStart,
    weekStart: calendar.weekStart,
    weekEnd: calendar.weekEnd,
  });
  const qualityIndex = (body: unknown) => backend.api.post("/report/quality-index-report", { token: backend.staff.token, body });

  it("answers the 13 keys, the won/lost totals agreeing with the lists by practice and by reason", async () => {
    const { status, body } = await qualityIndex(request());
    expect(status).toBe(200);
    expect(Object.keys(body)).toHaveLength(13);
    const [weekWon, weekLost] = body.weeklyleadStatus;
    const [monthWon, monthLost] = body.monthleadStatus;
    expect([weekWon.label, weekLost.label]).toEqual(["Won", "Lost"]);
    expect(monthWon.count + monthLost.count).toBeGreaterThan(0);
    expect(sum(body.qualityWon)).toBe(weekWon.count);
    expect(sum(body.qualityLost)).toBe(weekLost.count);
    expect(sum(body.lostLeadsWeekly)).toBe(weekLost.count);
    expect(sum(body.qualityMonthWon)).toBe(monthWon.count);
    expect(sum(body.qualityMonthLost)).toBe(monthLost.count);
    expect(sum(body.lostLeads)).toBe(monthLost.count);
    expect(sum(body.leadsMonth)).toBe(monthWon.count + monthLost.count);
    expect(sum(body.qualityWonToday)).toBeLessThanOrEqual(weekWon.count);
  });

  it("sorts the lists by practice with the most first", async () => {
    const { body } = await qualityIndex(request());
    const counts = body.leadsMonth.map((row: any) => row.count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    expect(body.lostLeads.map((row: any) => row.reason)).toContain("Not interested");
  });

  it("shares the outcomes of the month's leads at about 100 percent, and narrows the funnel stage by stage", async () => {
    const { body } = await qualityIndex(request());
    expect(body.leadsConversion.map((slice: any) => slice.label)).toEqual(["Won", "Lost", "Open"]);
    const percents = body.leadsConversion.reduce((total: number, slice: any) => total + slice.percent, 0);
    expect(percents).toBeGreaterThan(99.8);
    expect(percents).toBeLessThan(100.2);
    expect(body.sales_funnel.map((stage: any) => stage.stage)).toEqual(["Lead", "Contacted", "Appointment Set", "Visited", "Won"]);
    const reached = body.sales_funnel.map((stage: any) => stage.count);
    reached.slice(1).forEach((count: number, index: number) => expect(count).toBeLessThanOrEqual(reached[index]));
    expect(reached[0]).toBe(sum(body.leadsConversion));
    expect(reached[4]).toBe(body.leadsConversion[0].count);
  });

  it("counts nothing for a week in which no lead was decided", async () => {
    const { body } = await qualityIndex({ ...request(), weekStart: "2001-01-01", weekEnd: "2001-01-07" });
    expect(body.weeklyleadStatus).toEqual([
      { label: "Won", count: 0 },
      { label: "Lost", count: 0 },
    ]);
    expect(body.qualityWon).toEqual([]);
    expect(body.leadsConversionWeekly.every((slice: any) => slice.percent === 0)).toBe(true);
  });

  it("refuses a date in another format, naming it", async () => {
    const { status, body } = await qualityIndex({ ...request(), d1: "11/16/2026" });
    expect(status).toBe(400);
    expect(body.details.map((detail: any) => detail.field)).toEqual(["d1"]);
  });

  it("refuses a missing bound and an unknown field, naming each", async () => {
    const { weekEnd: _weekEnd, ...withoutWeekEnd } = request();
    const { status, body } = await qualityIndex({ ...withoutWeekEnd, month: "11" });
    expect(status).toBe(400);
    const fields = body.details.map((detail: any) => detail.field);
    expect(fields).toContain("weekEnd");
    expect(fields).toContain("month");
  });
});

describe("POST /report/lead-data-report", () => {
  const periods = () => ({
    mode: "periods",
    today: leadDate(calendar.today),
    yesterday: leadDate(calendar.yesterday),
    weekStart: leadDate(calendar.weekStart),
    lastWeekStart: leadDate(calendar.lastWeekStart),
    lastWeekEnd: leadDate(calendar.lastWeekEnd),
    monthStart: leadDate(calendar.monthStart),
    lastMonth: leadDate(calendar.lastMonthStart),
    lastMonthEnd: leadDate(calendar.lastMonthEnd),
  });
  const leadData = (body: unknown) => backend.api.post("/report/lead-data-report", { token: backend.staff.token, body });
  const column = (rows: any[], key: string) => rows.reduce((total, row) => total + row.counts[key], 0);

  it("answers the six periods in order, carrying the dates asked, and a row per practice", async () => {
    const { status, body } = await leadData(periods());
    expect(status).toBe(200);
    expect(body.periods).toEqual([
      { key: "today", label: expect.any(String), startDate: calendar.today, endDate: calendar.today },
      { key: "yesterday", label: expect.any(String), startDate: calendar.yesterday, endDate: calendar.yesterday },
      { key: "thisWeek", label: expect.any(String), startDate: calendar.weekStart, endDate: calendar.today },
      { key: "lastWeek", label: expect.any(String), startDate: calendar.lastWeekStart, endDate: calendar.lastWeekEnd },
      { key: "monthToDate", label: "Month to Date", startDate: calendar.monthStart, endDate: calendar.today },
      { key: "lastMonth", label: expect.any(String), startDate: calendar.lastMonthStart, endDate: calendar.lastMonthEnd },
    ]);
    const practices = (await backend.api.get("/practice/list", { token: backend.staff.token })).body;
    expect(body.leadsEntered).toHaveLength(practices.length);
    const locations = body.leadsEntered.map((row: any) => row.location);
    expect(locations).toEqual([...locations].sort());
    for (const row of body.leadsEntered) {
      expect(Object.keys(row.counts).sort()).toEqual(["lastMonth", "lastWeek", "monthToDate", "thisWeek", "today", "yesterday"]);
      expect(row.counts.thisWeek).toBeGreaterThanOrEqual(row.counts.today);
      expect(row.counts.monthToDate).toBeGreaterThanOrEqual(row.counts.today);
    }
    expect(column(body.leadsEntered, "today")).toBeGreaterThan(0);
    expect(column(body.leadsEntered, "lastMonth")).toBeGreaterThan(column(body.leadsEntered, "lastWeek"));
  });

  it("counts a custom range as the standard period with the same days", async () => {
    const standard = (await leadData(periods())).body;
    const { status, body } = await leadData({
      mode: "range",
      startDate: leadDate(calendar.lastMonthStart),
      endDate: leadDate(calendar.lastMonthEnd),
      practice: "all",
    });
    expect(status).toBe(200);
    expect(body.periods).toEqual([{ key: "range", label: expect.any(String), startDate: calendar.lastMonthStart, endDate: calendar.lastMonthEnd }]);
    expect(body.leadsEntered.map((row: any) => [row.practiceId, row.counts.range])).toEqual(
      standard.leadsEntered.map((row: any) => [row.practiceId, row.counts.lastMonth]),
    );
  });

  it("gives one practice's row for a range with a practice", async () => {
    const standard = (await leadData(periods())).body;
    const chosen = standard.leadsEntered[2];
    const { body } = await leadData({
      mode: "range",
      startDate: leadDate(calendar.monthStart),
      endDate: leadDate(calendar.today),
      practice: String(chosen.practiceId),
    });
    expect(body.leadsEntered).toEqual([{ location: chosen.location, practiceId: chosen.practiceId, counts: { range: chosen.counts.monthToDate } }]);
  });

  it("refuses a range whose start is after its end, naming endDate", async () => {
    const { status, body } = await leadData({ mode: "range", startDate: leadDate(calendar.today), endDate: leadDate(calendar.yesterday), practice: "all" });
    expect(status).toBe(400);
    expect(body.details).toEqual([{ field: "endDate", message: expect.any(String) }]);
  });

  it("refuses a date in another format, naming it", async () => {
    const { status, body } = await leadData({ mode: "range", startDate: calendar.yesterday, endDate: leadDate(calendar.today), practice: "all" });
    expect(status).toBe(400);
    expect(body.details.map((detail: any) => detail.field)).toContain("startDate");
  });

  it("refuses a date that is not on the calendar, naming it", async () => {
    const { status, body } = await leadData({ ...periods(), lastMonthEnd: "02-30-2026" });
    expect(status).toBe(400);
    expect(body.details).toEqual([{ field: "lastMonthEnd", message: expect.any(String) }]);
  });
});
