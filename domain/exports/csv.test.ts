import fc from "fast-check";
import Papa from "papaparse";
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

  it("quotes every cell holding a line break, a lone CR or LF, the delimiter, a semicolon or a quote", () => {
    const lines = csvLines(COLUMNS, [
      { name: "Called no answer\n=HYPERLINK(A1)", n: 1, note: "lone\r=1+2" },
      { name: "x;=1+2", n: 2, note: 'say "a", b' },
    ]);
    expect(lines).toBe('"Called no answer\n=HYPERLINK(A1)",1,"lone\r=1+2"\r\n"x;=1+2",2,"say ""a"", b"\r\n');
  });

  it("reads back, by a real CSV parser, as the rows written: one record per row, every cell its value, none a formula, no line break or semicolon outside quotes", () => {
    const text = fc.string({ unit: fc.constantFrom("a", " ", ",", ";", '"', "'", "\r", "\n", "\t", "=", "+", "-", "@", "é"), maxLength: 12 });
    const row = fc.record({ name: text, n: fc.integer({ min: -1000, max: 1000 }), note: fc.option(text, { nil: null }) });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 5 }), (rows) => {
        const written = csvHeader(COLUMNS) + csvLines(COLUMNS, rows);
        // Outside quoted cells, only CRLF record delimiters: no lone CR or LF, no semicolon.
        const unquoted = written.replace(/"(?:[^"]|"")*"/g, "").replace(/\r\n/g, "");
        expect(unquoted).not.toMatch(/[\r\n;]/);
        const parsed = Papa.parse<string[]>(written, { delimiter: ",", newline: "\r\n" });
        expect(parsed.errors).toEqual([]);
        const [header, ...records] = parsed.data.filter((record) => record.length > 1 || record[0] !== "");
        expect(header).toEqual(["Name", "N", "Note"]);
        expect(records).toEqual(rows.map(({ name, n, note }) => [neutraliseCell(name), String(n), neutraliseCell(note)]));
        const texts = records.flatMap(([name, , note]) => [name!, note!]);
        expect(texts.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it("names the file by report and the day in the practices' time zone", () => {
    expect(exportFileName("Members", new Date("2026-11-24T03:00:00Z"))).toBe("Members-2026-11-23.csv");
    expect(exportFileName("MembersStatusReport", new Date("2026-11-24T12:00:00Z"))).toBe("MembersStatusReport-2026-11-24.csv");
    expect(exportFileName("PriorityStatus", new Date("2026-11-24T12:00:00Z"))).toBe("PriorityStatus.csv");
  });
});
