import { describe, expect, it } from "vitest";
import { buildCsv } from "./csv";

describe("buildCsv", () => {
  const columns = [
    { header: "Location", value: (row: { location: string; P1: number }) => row.location },
    { header: "P1", value: (row: { location: string; P1: number }) => row.P1 },
  ];

  it("writes the header, then one line per row", () => {
    expect(buildCsv(columns, [{ location: "SMD-HOU", P1: 3 }, { location: "FSD-SAT", P1: 0 }])).toBe(
      "Location,P1\r\nSMD-HOU,3\r\nFSD-SAT,0",
    );
  });

  it("quotes values holding the delimiter or quotes, and writes only the header with no rows", () => {
    expect(buildCsv(columns, [{ location: 'Dr "A", Katy', P1: 1 }])).toBe('Location,P1\r\n"Dr ""A"", Katy",1');
    expect(buildCsv(columns, [])).toBe("Location,P1");
  });
});
