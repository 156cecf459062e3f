// @vitest-environment node
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { emptyCounts, type MembersStatusCounts, type MembersStatusRow } from "../reports/membersStatus.ts";
import { membersReportMail, parseReportRows } from "./membersReportMail.ts";

const COMPONENTS = (parse(readFileSync(new URL("../../openapi.yaml", import.meta.url), "utf8")) as { components: object }).components;
const counts = (cells: Partial<MembersStatusCounts>): MembersStatusCounts => ({ ...emptyCounts(), ...cells });

const row = (practice: string, practiceId: number, newPatientsDenta: number, extra = 0): MembersStatusRow => ({
  ...emptyCounts(),
  practice,
  practiceId,
  New_Patient_DENTA: newPatientsDenta,
  total: newPatientsDenta,
  extractedMembers: newPatientsDenta + extra,
});

describe("parseReportRows", () => {
  it("accepts the rows of the screen", () => {
    const rows = [row("SM-HOUS", 1, 4, 2), row("FS-LARE", 2, 1)];
    expect(parseReportRows(JSON.stringify(rows), COMPONENTS)).toEqual({ rows });
  });

  it("names data when it is not JSON", () => {
    expect(parseReportRows("[{", COMPONENTS)).toEqual({ problems: [{ field: "data", message: expect.any(String) }] });
  });

  it("names the row and field that break the row schema", () => {
    const rows: unknown[] = [row("SM-HOUS", 1, 4), { ...row("FS-LARE", 2, 1), total: -1 }];
    const { practice: _practice, ...withoutPractice } = row("BPD-DALL", 3, 0);
    rows.push(withoutPractice);
    const parsed = parseReportRows(JSON.stringify(rows), COMPONENTS);
    expect("problems" in parsed && parsed.problems.map((problem) => problem.field)).toEqual(
      expect.arrayContaining(["data.1.total", "data.2.practice"]),
    );
  });

  it("names a row whose total is not the sum of its group cells", () => {
    const parsed = parseReportRows(JSON.stringify([row("SM-HOUS", 1, 4), { ...row("FS-LARE", 2, 1), total: 7 }]), COMPONENTS);
    expect(parsed).toEqual({ problems: [{ field: "data.1.total", message: "must be the sum of the nine group cells" }] });
  });

  it("refuses something other than a list of rows", () => {
    expect(parseReportRows('{"rows":[]}', COMPONENTS)).toMatchObject({ problems: [{ field: "data" }] });
  });
});

const ROW_A: MembersStatusRow = { practice: "SM-B", practiceId: 10, ...counts({ New_Patient_DENTA: 2, Recare_Future_Appointment_MCNA: 1, total: 3, extractedMembers: 5 }) };
const ROW_B: MembersStatusRow = { practice: 'A, "B"', practiceId: 11, ...counts({ New_Patient_UHC: 4, total: 4, extractedMembers: 4 }) };

describe("the members report mail", () => {
  const mail = membersReportMail("caller@example.test", [ROW_A, ROW_B], new Date("2026-11-16T15:04:59Z"));

  it("is addressed to the caller and names the report and its size", () => {
    expect(mail.to).toBe("caller@example.test");
    expect(mail.subject).toBe("Members Status Report (2 practices)");
  });

  it("has a plain-text table with a totals row of column sums", () => {
    const lines = mail.text.split("\n");
    expect(lines[0]).toBe("Members status report, sent 2026-11-16 15:04 UTC.");
    expect(lines.find((line) => line.startsWith("Practice"))).toMatch(/^Practice\s+New Patient DENTA\s+New Patient MCNA\s.*\sMembers\s+Extracted$/);
    expect(lines.find((line) => line.startsWith("SM-B"))?.split(/\s+/)).toEqual(["SM-B", "2", "0", "0", "0", "0", "0", "0", "1", "0", "3", "5"]);
    expect(lines.find((line) => line.startsWith("Total"))?.split(/\s+/)).toEqual(["Total", "2", "0", "4", "0", "0", "0", "0", "1", "0", "7", "9"]);
  });

  it("has an HTML table with the Members total red where it differs from Extracted and green where equal", () => {
    expect(mail.html).toContain("<th");
    expect(mail.html).toMatch(/color:#c62828">3<\/td>/); // SM-B: 3 members of 5 extracted
    expect(mail.html).toMatch(/color:#1b7f3b">4<\/td>/); // 4 of 4
    expect(mail.html).toContain("A, &quot;B&quot;");
  });

  it("attaches the same table as CSV, quoting where needed, totals last", () => {
    expect(mail.attachments).toEqual([
      {
        filename: "MembersStatusReport.csv",
        contentType: "text/csv",
        content: [
          "Practice,New Patient DENTA,New Patient MCNA,New Patient UHC,Recare No Future Appointment DENTA,Recare No Future Appointment MCNA,Recare No Future Appointment UHC,Recare Future Appointment DENTA,Recare Future Appointment MCNA,Recare Future Appointment UHC,Members,Extracted",
          "SM-B,2,0,0,0,0,0,0,1,0,3,5",
          '"A, ""B""",0,0,4,0,0,0,0,0,0,4,4',
          "Total,2,0,4,0,0,0,0,1,0,7,9",
          "",
        ].join("\r\n"),
      },
    ]);
  });
});

