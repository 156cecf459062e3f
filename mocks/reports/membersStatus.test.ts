import { describe, expect, it } from "vitest";
import { COUNT_COLUMNS, type MembersStatusQuery } from "../../domain/reports/membersStatus.ts";
import { membersStatusReport } from "./membersStatus";
import { member, PRACTICES } from "../../tests/support/mockReportRecords";

const ALL: MembersStatusQuery = { brand: "all", region: "all", practice: [], mco: "all", result: "all" };

describe("membersStatusReport", () => {
  const members = [
    member({ practiceId: 1, Status: "New Patient", company: "denta" }),
    member({ practiceId: 1, Status: "New Patient", company: "denta" }),
    member({ practiceId: 1, Status: "Recare Future Appointment", company: "uhc", Result: "Appointment Made" }),
    member({ practiceId: 1, Status: "Recare No Future Appointment", company: "mcna", MCO: "MCNA Dental CHIP" }),
    member({ practiceId: 1, Status: "New Patient", company: "tmhp", MCO: "TMHP Fee-for-Service" }),
    member({ practiceId: 1, Status: "Dropped Patient", company: "denta" }),
    member({ practiceId: 1, Status: "New Patient With Apt", company: "denta" }),
    member({ practiceId: 2, Status: "Recare Future Appointment", company: "mcna" }),
  ];

  it("counts each practice's members per status group and payer, with total and extracted", () => {
    const report = membersStatusReport(members, PRACTICES, ALL);
    const houston = report.rows.find((row) => row.practiceId === 1);
    expect(houston).toMatchObject({
      practice: "SM-HOUS",
      New_Patient_DENTA: 2,
      Recare_Future_Appointment_UHC: 1,
      Recare_No_Future_Appointment_MCNA: 1,
      New_Patient_MCNA: 0,
      total: 4,
      extractedMembers: 7, // TMHP, Dropped Patient and New Patient With Apt lie outside the groups
    });
  });

  it("lists only practices with members, sorted by abbreviation", () => {
    const report = membersStatusReport(members, PRACTICES, ALL);
    expect(report.rows.map((row) => row.practice)).toEqual(["FS-LARE", "SM-HOUS"]);
  });

  it("sums every column into the totals row", () => {
    const report = membersStatusReport(members, PRACTICES, ALL);
    for (const cell of COUNT_COLUMNS) {
      expect(report.totals[cell]).toBe(report.rows.reduce((sum, row) => sum + row[cell], 0));
    }
    expect(report.totals).toMatchObject({ practice: "Total", total: 5, extractedMembers: 8 });
  });

  it("applies brand, region, practice, MCO and result filters to both totals and extracted", () => {
    expect(membersStatusReport(members, PRACTICES, { ...ALL, brand: "mcna" }).totals).toMatchObject({ total: 2, extractedMembers: 2 });
    expect(membersStatusReport(members, PRACTICES, { ...ALL, region: "FSD" }).rows.map((row) => row.practiceId)).toEqual([2]);
    expect(membersStatusReport(members, PRACTICES, { ...ALL, practice: [1] }).rows.map((row) => row.practiceId)).toEqual([1]);
    expect(membersStatusReport(members, PRACTICES, { ...ALL, mco: "MCNA Dental CHIP" }).totals.extractedMembers).toBe(1);
    expect(membersStatusReport(members, PRACTICES, { ...ALL, result: "Appointment Made" }).totals).toMatchObject({
      Recare_Future_Appointment_UHC: 1,
      extractedMembers: 1,
    });
    expect(membersStatusReport(members, PRACTICES, { ...ALL, result: "" }).totals.extractedMembers).toBe(7);
  });

  it("answers no rows and zero totals when nothing matches", () => {
    const report = membersStatusReport(members, PRACTICES, { ...ALL, region: "3CD" });
    expect(report.rows).toEqual([]);
    expect(report.totals.extractedMembers).toBe(0);
  });
});
