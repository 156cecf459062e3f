import { describe, expect, it } from "vitest";
import { emptyCounts } from "./membersStatus";
import { membersReportMail, parseReportRows, type MembersStatusRow } from "./membersReportMail";

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
    expect(parseReportRows(JSON.stringify(rows))).toEqual({ rows });
  });

  it("names data when it is not JSON", () => {
    expect(parseReportRows("[{")).toEqual({ problems: [{ field: "data", message: expect.any(String) }] });
  });

  it("names the row and field that break the row schema", () => {
    const rows: unknown[] = [row("SM-HOUS", 1, 4), { ...row("FS-LARE", 2, 1), total: -1 }];
    const { practice: _practice, ...withoutPractice } = row("BPD-DALL", 3, 0);
    rows.push(withoutPractice);
    const parsed = parseReportRows(JSON.stringify(rows));
    expect("problems" in parsed && parsed.problems.map((problem) => problem.field)).toEqual(
      expect.arrayContaining(["data.1.total", "data.2.practice"]),
    );
  });

  it("names a row whose total is not the sum of its group cells", () => {
    const parsed = parseReportRows(JSON.stringify([row("SM-HOUS", 1, 4), { ...row("FS-LARE", 2, 1), total: 7 }]));
    expect(parsed).toEqual({ problems: [{ field: "data.1.total", message: "must be the sum of the nine group cells" }] });
  });

  it("refuses something other than a list of rows", () => {
    expect(parseReportRows('{"rows":[]}')).toMatchObject({ problems: [{ field: "data" }] });
  });
});

describe("membersReportMail", () => {
  const mail = membersReportMail([row("SM-HOUS", 1, 4, 2), row("FS-LARE", 2, 1)], new Date("2026-11-16T15:00:00Z"));

  it("renders a readable table with a totals row", () => {
    const lines = mail.text.split("\n");
    const header = lines.find((line) => line.startsWith("Practice"));
    expect(header).toContain("New Patient DENTA");
    expect(header).toContain("Extracted");
    expect(lines.find((line) => line.startsWith("Total"))).toMatch(/^Total\s+5\s.*\s5\s+7$/);
  });

  it("attaches the same rows as CSV, header first and totals last", () => {
    const [attachment] = mail.attachments;
    expect(attachment?.filename).toBe("MembersStatusReport.csv");
    const csv = attachment!.content.trim().split("\r\n");
    expect(csv[0]?.split(",")).toHaveLength(12);
    expect(csv[1]).toBe("SM-HOUS,4,0,0,0,0,0,0,0,0,4,6");
    expect(csv.at(-1)).toBe("Total,5,0,0,0,0,0,0,0,0,5,7");
  });
});
