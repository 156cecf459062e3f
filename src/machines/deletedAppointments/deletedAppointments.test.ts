import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { reportMachine, type ReportFilters } from "../report/report.machine";
import {
  deletedFilterChange,
  formatDeletedDateTime,
  initialDeletedFilters,
  selectDeletedPractices,
  selectDetails,
  selectGroupRows,
  type DeletedData,
  type DeletedDetails,
  type DeletedFilters,
  type DeletedGroupRow,
} from "./deletedAppointments";

const practices: DeletedData<unknown>["practices"] = [
  { id: 1, practice: "A", practiceabbr: "A", region: "SMD", brands: [] },
  { id: 2, practice: "B", practiceabbr: "B", region: "FSD", brands: [] },
];

function start<T>(result: T, seen: DeletedFilters[] = []) {
  const machine = reportMachine.provide({
    actors: {
      load: fromPromise<unknown, ReportFilters>(async ({ input }) => {
        seen.push(input as DeletedFilters);
        return { result, practices, regions: [] };
      }),
    },
  });
  return createActor(machine, { input: { filters: initialDeletedFilters(new Date("2026-11-22T18:00:00Z")) } }).start();
}

describe("deleted appointments views", () => {
  it("open on month to date, every region and practice, the first page of 15", () => {
    expect(initialDeletedFilters(new Date("2026-11-22T18:00:00Z"))).toEqual({
      startDate: "2026-11-01",
      endDate: "2026-11-22",
      region: "all",
      practice: "all",
      pageNum: 1,
      pageSize: 15,
    });
  });

  it("a filter change goes back to the first page; a region change resets the practice", () => {
    expect(deletedFilterChange({ startDate: "2026-10-01" })).toEqual({ startDate: "2026-10-01", pageNum: 1 });
    expect(deletedFilterChange({ region: "SMD" })).toEqual({ region: "SMD", pageNum: 1, practice: "all" });
    expect(deletedFilterChange({ pageNum: 3 })).toEqual({ pageNum: 3 });
  });

  it("By Group sorts by count and offers the practices of the chosen region", async () => {
    const rows: DeletedGroupRow[] = [
      { group: "3CD", count: 4, practices: 1 },
      { group: "SMD", count: 1, practices: 1 },
    ];
    const seen: DeletedFilters[] = [];
    const actor = start(rows, seen);
    await waitFor(actor, (s) => s.matches("ready"));
    actor.send({ type: "report.sort", column: "count" });
    expect(selectGroupRows(actor.getSnapshot()).map((r) => r.group)).toEqual(["SMD", "3CD"]);
    actor.send({ type: "report.filters.change", filters: deletedFilterChange({ region: "FSD" }) });
    await waitFor(actor, (s) => s.matches("ready"));
    expect(seen.at(-1)?.region).toBe("FSD");
    expect(selectDeletedPractices(actor.getSnapshot()).map((p) => p.id)).toEqual([2]);
  });

  it("Details counts its pages", async () => {
    const details: DeletedDetails = { count: 31, rows: [] };
    const actor = start(details);
    await waitFor(actor, (s) => s.matches("ready"));
    expect(selectDetails(actor.getSnapshot())).toMatchObject({ count: 31, pageNum: 1, pageSize: 15, pageCount: 3 });
  });

  it("shows times in the practice group's time zone", () => {
    expect(formatDeletedDateTime("2026-11-17T03:30:00Z")).toBe("11/16/2026 09:30 PM");
  });
});
