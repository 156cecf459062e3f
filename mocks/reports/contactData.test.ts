import { describe, expect, it } from "vitest";
import type { ResultRecord } from "../../demo/records.ts";
import { contactDataReport } from "./contactData";

const NOW = new Date("2026-11-18T18:00:00Z"); // Wednesday 18 November 2026, 12:00 in Chicago
let nextId = 1;
const saved = (Result: ResultRecord["Result"], createdAt: string): ResultRecord => ({ id: nextId++, memberId: 1, userId: 1, Result, createdAt });
const total = (series: { contacted: number; notContacted: number }[]) =>
  series.reduce((sum, slot) => sum + slot.contacted + slot.notContacted, 0);

describe("contactDataReport", () => {
  it("has 24 hours, hour 0 first, in every series", () => {
    const report = contactDataReport([], NOW);
    for (const series of [...Object.values(report.calls), ...Object.values(report.appointments)]) {
      expect(series.map((slot) => slot.hour)).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
    }
    expect(report.timeZone).toBe("America/Chicago");
    expect(report.generatedAt).toBe(NOW.toISOString());
  });

  it("counts a call at its Chicago hour, contacted or not by its result", () => {
    const report = contactDataReport(
      [saved("Appointment Made", "2026-11-18T15:10:00Z"), saved("No answer", "2026-11-18T15:40:00Z"), saved("Transfer", "2026-11-18T16:05:00Z")],
      NOW,
    );
    expect(report.calls.today[9]).toEqual({ hour: 9, contacted: 1, notContacted: 1 });
    expect(report.calls.today[10]).toEqual({ hour: 10, contacted: 1, notContacted: 0 });
    expect(report.appointments.today[9]).toEqual({ hour: 9, count: 1 });
    expect(report.appointments.today[10]?.count).toBe(0);
  });

  it("does not count saving Blank as a call", () => {
    expect(total(contactDataReport([saved("", "2026-11-18T15:10:00Z")], NOW).calls.today)).toBe(0);
  });

  it("puts a call at 03:00 UTC on Wednesday into Tuesday evening, this week and this month", () => {
    const report = contactDataReport([saved("Left message", "2026-11-18T03:00:00Z")], NOW);
    expect(total(report.calls.today)).toBe(0);
    expect(report.calls.thisWeek[21]).toEqual({ hour: 21, contacted: 0, notContacted: 1 });
    expect(total(report.calls.thisMonth)).toBe(1);
  });

  it("counts each call in every period it lies in", () => {
    const report = contactDataReport(
      [
        saved("Confirm", "2026-11-16T14:00:00Z"), // Monday: this week, this month
        saved("Confirm", "2026-11-15T20:00:00Z"), // Sunday before: last week, this month
        saved("Confirm", "2026-11-02T20:00:00Z"), // this month only
        saved("Confirm", "2026-10-31T20:00:00Z"), // last month
        saved("Confirm", "2026-11-01T04:30:00Z"), // 31 October 23:30 CDT: last month
        saved("Confirm", "2026-09-30T20:00:00Z"), // too old for any period
        saved("Confirm", "2026-11-19T07:00:00Z"), // tomorrow in Chicago: not yet in any period
      ],
      NOW,
    );
    expect(total(report.calls.today)).toBe(0);
    expect(total(report.calls.thisWeek)).toBe(1);
    expect(total(report.calls.lastWeek)).toBe(1);
    expect(total(report.calls.thisMonth)).toBe(3);
    expect(total(report.calls.lastMonth)).toBe(2);
    expect(report.calls.lastMonth[23]?.contacted).toBe(1);
  });

  it("counts appointments set today, this week and this month", () => {
    const report = contactDataReport(
      [saved("Appointment Made", "2026-11-18T15:00:00Z"), saved("Appointment Made", "2026-11-17T15:00:00Z"), saved("Appointment Made", "2026-11-03T15:00:00Z")],
      NOW,
    );
    const sum = (series: { count: number }[]) => series.reduce((acc, slot) => acc + slot.count, 0);
    expect([sum(report.appointments.today), sum(report.appointments.week), sum(report.appointments.month)]).toEqual([1, 2, 3]);
  });
});
