import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { RawRow } from "./columns.ts";
import { brandOfFileName, daysExtracted, headerProblem, memberRowReader } from "./memberFile.ts";
import type { RowRules } from "./memberRow.ts";

const HOUSTON = { id: 1, abbr: "SM-HOUS", brands: ["denta", "mcna"] };
const RULES: RowRules = { brand: "denta", practices: new Map([["SM-HOUS", HOUSTON]]), practice: undefined, extractedOn: "2026-11-16" };
const HEADER = "Subscriber_ID,MCO,First_Name,Last_Name,Practice,Date_of_Birth,Address1";

const outcomesOf = (lines: string[]) => {
  const read = memberRowReader(RULES);
  const rows = Papa.parse<RawRow>([HEADER, ...lines].join("\n"), { header: true }).data;
  return rows.map(read);
};

describe("memberRowReader", () => {
  it("numbers rows by their line in the file, a quoted field over two lines included, and skips blank rows", () => {
    const outcomes = outcomesOf([
      'A1,DentaQuest CHIP,Ana,Diaz,SM-HOUS,2014-01-02,"12 Elm St\nApt 4"',
      ",,,,,,",
      "A2,DentaQuest CHIP,Ben,,SM-HOUS,2014-01-02,",
    ]);
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(["member", "blank", "rejected"]);
    expect(outcomes[2]).toEqual({ kind: "rejected", rejection: { line: 5, reason: "missing Last_Name" } });
  });

  it("refuses a second row of the same member in one file, naming the line of the first", () => {
    const outcomes = outcomesOf(["A1,DentaQuest CHIP,Ana,Diaz,SM-HOUS,2014-01-02,", "A1,DentaQuest CHIP,Ana,Diaz,sm-hous,2014-01-02,"]);
    expect(outcomes[1]).toEqual({ kind: "rejected", rejection: { line: 3, reason: "duplicate Subscriber_ID in file (same practice as line 2)" } });
  });
});

describe("headerProblem", () => {
  it("names every missing column, and nothing when the practice of the whole file is given", () => {
    expect(headerProblem("x.csv", ["Subscriber_ID", "MCO"], false)).toBe(
      "x.csv has an unexpected header (missing 'First_Name', 'Last_Name', 'Date_of_Birth', 'Practice'); nothing imported",
    );
    expect(headerProblem("x.csv", HEADER.split(","), false)).toBeUndefined();
    expect(headerProblem("x.csv", ["Subscriber_ID", "MCO", "First_Name", "Last_Name", "Date_of_Birth"], true)).toBeUndefined();
  });
});

describe("brandOfFileName", () => {
  it("reads the payer from the first word of the name, in any case, and nothing from another word", () => {
    expect(brandOfFileName("DENTA_ELIG_20261116.csv")).toBe("denta");
    expect(brandOfFileName("/inbox/mcna-members.csv")).toBe("mcna");
    expect(brandOfFileName("members_denta.csv")).toBeUndefined();
  });
});

describe("daysExtracted", () => {
  it("counts whole days from the extraction, never below 0", () => {
    expect(daysExtracted(new Date("2026-11-16T06:00:00Z"), new Date("2026-11-18T12:00:00Z"))).toBe(2);
    expect(daysExtracted(new Date("2026-11-18T06:00:00Z"), new Date("2026-11-16T12:00:00Z"))).toBe(0);
  });
});
