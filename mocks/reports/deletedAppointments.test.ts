import { describe, expect, it } from "vitest";
import type { DeletedAppointmentRecord } from "../../demo/records.ts";
import { deletionsByGroup, deletionsByPractice, deletionsMatching, deletionsPage, type DeletedFilters } from "./deletedAppointments";
import { PRACTICES } from "../../tests/support/mockReportRecords";

let nextId = 1;
const deleted = (practiceId: number, deletedAt: string, reason = "Patient cancelled"): DeletedAppointmentRecord => ({
  id: nextId++,
  practiceId,
  PatNum: "100200",
  patientName: "Ana Lopez",
  appointmentDate: "2026-11-20T15:00:00.000Z",
  deletedAt,
  deletedBy: "mgarcia",
  reason,
});

const deletions = [
  deleted(1, "2026-11-10T15:00:00Z", "No show"),
  deleted(1, "2026-11-11T15:00:00Z", "Rescheduled"),
  deleted(1, "2026-11-12T15:00:00Z", "No show"),
  deleted(2, "2026-11-12T15:00:00Z", ""),
  deleted(2, "2026-11-01T04:30:00Z"), // 31 October, 23:30 in Chicago: outside November
  deleted(3, "2026-11-30T23:00:00Z"), // 30 November, 17:00 in Chicago
];
const NOVEMBER: DeletedFilters = { startDate: "2026-11-01", endDate: "2026-11-30", region: "all", practice: "all" };

describe("deletionsMatching", () => {
  it("keeps the deletions made on the range's days in Chicago", () => {
    expect(deletionsMatching(deletions, PRACTICES, NOVEMBER).map(({ deletion }) => deletion.id)).toEqual([1, 2, 3, 4, 6].map((n) => deletions[n - 1]!.id));
  });

  it("filters by region and by practice", () => {
    expect(deletionsMatching(deletions, PRACTICES, { ...NOVEMBER, region: "FSD" })).toHaveLength(1);
    expect(deletionsMatching(deletions, PRACTICES, { ...NOVEMBER, practice: "1" })).toHaveLength(3);
    expect(deletionsMatching(deletions, PRACTICES, { ...NOVEMBER, region: "FSD", practice: "1" })).toHaveLength(0);
  });
});

describe("deletionsByGroup", () => {
  it("lists every group of the filter alphabetically, zeros included, with its practices that deleted", () => {
    expect(deletionsByGroup(deletionsMatching(deletions, PRACTICES, NOVEMBER), ["SMD", "FSD", "OTD", "3CD"], "all")).toEqual([
      { group: "3CD", count: 0, practices: 0 },
      { group: "FSD", count: 1, practices: 1 },
      { group: "OTD", count: 1, practices: 1 },
      { group: "SMD", count: 3, practices: 1 },
    ]);
    expect(deletionsByGroup(deletionsMatching(deletions, PRACTICES, { ...NOVEMBER, region: "SMD" }), ["SMD", "FSD", "OTD", "3CD"], "SMD")).toEqual([
      { group: "SMD", count: 3, practices: 1 },
    ]);
  });
});

describe("deletionsByPractice", () => {
  it("gives one row per practice with deletions, reasons most first", () => {
    const rows = deletionsByPractice(deletionsMatching(deletions, PRACTICES, NOVEMBER));
    expect(rows.map((row) => row.practice)).toEqual(["BPD-DALL", "FS-LARE", "SM-HOUS"]);
    expect(rows[2]).toEqual({
      practice: "SM-HOUS",
      practiceId: 1,
      region: "SMD",
      count: 3,
      byReason: [
        { reason: "No show", count: 2 },
        { reason: "Rescheduled", count: 1 },
      ],
    });
    expect(rows[1]?.byReason).toEqual([{ reason: "", count: 1 }]);
  });
});

describe("deletionsPage", () => {
  const matching = deletionsMatching(deletions, PRACTICES, NOVEMBER);

  it("pages newest first, ties by id descending, with the count of all", () => {
    const first = deletionsPage(matching, 1, 2);
    expect(first.count).toBe(5);
    expect(first.rows.map((row) => row.deletedAt)).toEqual(["2026-11-30T23:00:00Z", "2026-11-12T15:00:00Z"]);
    expect(first.rows[1]?.id).toBe(deletions[3]!.id);
    expect(deletionsPage(matching, 2, 2).rows.map((row) => row.id)).toEqual([deletions[2]!.id, deletions[1]!.id]);
  });

  it("answers an empty page past the end", () => {
    expect(deletionsPage(matching, 9, 15)).toEqual({ count: 5, rows: [] });
  });
});
