import { describe, expect, it } from "vitest";
import type { FirstVisitRecord } from "../../demo/records.ts";
import { newPatientOriginReport, newPatientOriginRows, type NewPatientOriginQuery } from "./newPatientOrigin";
import { member, PRACTICES } from "../../tests/support/mockReportRecords";

const dentaMember = member({ practiceId: 1, company: "denta" });
const mcnaMember = member({ practiceId: 1, company: "mcna" });
const laredoMember = member({ practiceId: 2, company: "denta" });
let nextId = 1;
const visit = (of: typeof dentaMember, firstVisitDate: string, origin: string, patNum = of.PatNum): FirstVisitRecord => ({
  id: nextId++,
  memberId: of.id,
  practiceId: of.practiceId,
  patNum,
  firstVisitDate,
  origin,
  result: "Confirm",
});

const visits = [
  visit(dentaMember, "2026-11-03", "Website", "300"),
  visit(dentaMember, "2026-11-03", "Website", "1000"),
  visit(mcnaMember, "2026-11-02", "Referral"),
  visit(laredoMember, "2026-11-10", "Website"),
  visit(laredoMember, "2026-10-10", "Google"),
];
const members = [dentaMember, mcnaMember, laredoMember];
const world = { firstVisits: visits, members, practices: PRACTICES };
const NOVEMBER: NewPatientOriginQuery = { practice: [], brand: "all", date: ["2026-11"] };

describe("newPatientOriginReport", () => {
  const report = newPatientOriginReport(world, NOVEMBER);

  it("counts the chosen months' new patients by source, most first, with shares of all", () => {
    expect(report.total).toEqual({ count: 4, sources: 2 });
    expect(report.sources.map(({ source, count, percent }) => [source, count, percent])).toEqual([
      ["Website", 3, 75],
      ["Referral", 1, 25],
    ]);
  });

  it("splits each source by practice with shares of the source", () => {
    expect(report.sources[0]?.practices).toEqual([
      { practice: "SM-HOUS", practiceId: 1, count: 2, percent: 66.7 },
      { practice: "FS-LARE", practiceId: 2, count: 1, percent: 33.3 },
    ]);
  });

  it("answers counts only: the first visits are the CSV download's", () => {
    expect(Object.keys(report).sort()).toEqual(["sources", "total"]);
  });

  it("lists the CSV rows by practice, then date, then patient number as text", () => {
    const rows = newPatientOriginRows(world, NOVEMBER);
    expect(rows.map((row) => [row.practice, row.firstVisitDate, row.patNum])).toEqual([
      ["FS-LARE", "2026-11-10", laredoMember.PatNum],
      ["SM-HOUS", "2026-11-02", mcnaMember.PatNum],
      ["SM-HOUS", "2026-11-03", "1000"],
      ["SM-HOUS", "2026-11-03", "300"],
    ]);
    expect(rows[0]?.result).toBe("Confirm");
  });

  it("filters by practice, by the patients' brand and by several months", () => {
    expect(newPatientOriginReport(world, { ...NOVEMBER, practice: [2] }).total.count).toBe(1);
    expect(newPatientOriginReport(world, { ...NOVEMBER, brand: "mcna" }).sources.map((s) => s.source)).toEqual(["Referral"]);
    expect(newPatientOriginReport(world, { ...NOVEMBER, date: ["2026-11", "2026-10"] }).total).toEqual({ count: 5, sources: 3 });
  });

  it("answers nothing, not a division by zero, for a month without first visits", () => {
    expect(newPatientOriginReport(world, { ...NOVEMBER, date: ["2026-01"] })).toEqual({
      sources: [],
      total: { count: 0, sources: 0 },
    });
  });
});
