import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { ReportFilterLists } from "../report/report.actors";
import { selectReportReady } from "../report/report.selectors";
import {
  deletedByGroupMachine,
  deletedDetailsMachine,
  deletedExport,
  deletedFilterChange,
  formatDeletedDateTime,
  initialDeletedFilters,
  selectDeletedPractices,
  selectDetails,
  selectGroupRows,
  type DeletedDetails,
  type DeletedFilters,
  type DeletedGroupRow,
  type DeletedViewMachine,
} from "./deletedAppointments";

const lists: ReportFilterLists = {
  practices: [
    { id: 1, practice: "A", practiceabbr: "A", region: "SMD", brands: [] },
    { id: 2, practice: "B", practiceabbr: "B", region: "FSD", brands: [] },
  ],
  regions: [],
};

function start<T>(machine: DeletedViewMachine<T>, result: T, seen: DeletedFilters[] = []) {
  const provided = machine.provide({
    actors: {
      load: fromPromise(async ({ input }) => {
        seen.push(input.filters);
        return result;
      }),
      loadLists: fromPromise(async () => lists),
    },
  });
  return createActor(provided, { input: { filters: initialDeletedFilters(new Date("2026-11-22T18:00:00Z")) } }).start();
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
    const actor = start(deletedByGroupMachine, rows, seen);
    await waitFor(actor, (s) => selectReportReady(s) && s.matches({ lists: "ready" }));
    actor.send({ type: "report.sort", column: "count" });
    expect(selectGroupRows(actor.getSnapshot()).map((r) => r.group)).toEqual(["SMD", "3CD"]);
    actor.send({ type: "report.filters.change", filters: { practice: "1", pageNum: 2 } });
    actor.send({ type: "report.filters.change", filters: { region: "FSD" } });
    await waitFor(actor, selectReportReady);
    expect(seen.at(-1)).toMatchObject({ region: "FSD", practice: "all", pageNum: 1 });
    expect(selectDeletedPractices(actor.getSnapshot()).map((p) => p.id)).toEqual([2]);
  });

  it("Details counts its pages", async () => {
    const details: DeletedDetails = { count: 31, rows: [] };
    const actor = start(deletedDetailsMachine, details);
    await waitFor(actor, selectReportReady);
    expect(selectDetails(actor.getSnapshot())).toMatchObject({ count: 31, pageNum: 1, pageSize: 15, pageCount: 3 });
  });

  it("exports the view's range, region and practice, without the page, once the view is shown", async () => {
    const actor = start(deletedDetailsMachine, { count: 31, rows: [] });
    const exportOf = deletedExport("deletedDetails");
    expect(exportOf(actor.getSnapshot())).toBeNull();
    await waitFor(actor, selectReportReady);
    expect(exportOf(actor.getSnapshot())).toEqual({
      report: "deletedDetails",
      query: { startDate: "2026-11-01", endDate: "2026-11-22", region: "all", practice: "all" },
    });
  });

  it("shows times in the practice group's time zone", () => {
    expect(formatDeletedDateTime("2026-11-17T03:30:00Z")).toBe("11/16/2026 09:30 PM");
  });
});
