import { describe, expect, it } from "vitest";
import type { TreatmentPriorityRecord } from "../../demo/records.ts";
import { priorityStatusReport } from "./priorityStatus";
import { PRACTICES } from "../../tests/support/mockReportRecords";

let nextId = 1;
const planned = (practiceId: number, priority: TreatmentPriorityRecord["priority"]): TreatmentPriorityRecord => ({
  id: nextId++,
  practiceId,
  patNum: String(1000 + nextId),
  priority,
});

describe("priorityStatusReport", () => {
  it("counts each practice's planned treatment by priority, with the sum", () => {
    const rows = priorityStatusReport([planned(1, "P1"), planned(1, "P3"), planned(1, "P3"), planned(2, "P4")], PRACTICES);
    expect(rows.find((row) => row.practiceId === 1)).toEqual({ location: "SM-HOUS", practiceId: 1, region: "SMD", P1: 1, P2: 0, P3: 2, P4: 0, sum: 3 });
    expect(rows.find((row) => row.practiceId === 2)).toMatchObject({ P4: 1, sum: 1 });
  });

  it("lists every practice, zeros included, sorted by location", () => {
    const rows = priorityStatusReport([], PRACTICES);
    expect(rows.map((row) => [row.location, row.sum])).toEqual([
      ["BPD-DALL", 0],
      ["FS-LARE", 0],
      ["SM-HOUS", 0],
    ]);
  });
});
