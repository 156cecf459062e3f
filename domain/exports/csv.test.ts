import { describe, expect, it } from "vitest";
import { csvHeader, csvLines, neutraliseCell, type ExportColumn } from "./csv.ts";
import { exportFileName } from "./fileName.ts";

type Row = { name: string; n: number; note: string | null };
const COLUMNS: ExportColumn<Row>[] = [
  { header: "Name", value: (row) => row.name },
  { header: "N", value: (row) => row.n },
  { header: "Note", value: (row) => row.note },
];

describe("CSV export", () => {
  it("neutralises cells a spreadsheet would run as a formula, and no number", () => {
    expect(["=SUM(A1)", "+1", "-2", "@cmd", "\t=1", "a=b", "plain"].map(neutraliseCell)).toEqual(["'=SUM(A1)", "'+1", "'-2", "'@cmd", "'\t=1", "a=b", "plain"]);
    expect(neutraliseCell(-3)).toBe(-3);
    expect(neutraliseCell(null)).toBe("");
  });

  it("writes a header line, then each batch of rows as CRLF lines, quoting what needs it", () => {
    expect(csvHeader(COLUMNS)).toBe("Name,N,Note\r\n");
    expect(csvLines(COLUMNS, [{ name: "Ann, Lee", n: 2, note: 'said "hi"\nthen left' }, { name: "=HYPERLINK()", n: 0, note: null }])).toBe(
      '"Ann, Lee",2,"said ""hi""\nthen left"\r\n\'=HYPERLINK(),0,\r\n',
    );
    expect(csvLines(COLUMNS, [])).toBe("");
  });

  it("names the file by report and the day in the practices' time zone", () => {
    expect(exportFileName("Members", new Date("2026-11-24T03:00:00Z"))).toBe("Members-2026-11-23.csv");
    expect(exportFileName("MembersStatusReport", new Date("2026-11-24T12:00:00Z"))).toBe("MembersStatusReport-2026-11-24.csv");
    expect(exportFileName("PriorityStatus", new Date("2026-11-24T12:00:00Z"))).toBe("PriorityStatus.csv");
  });
});
