import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { ReportFilterLists } from "../report/report.actors";
import { selectReportReady } from "../report/report.selectors";
import {
  INITIAL_PRIORITY_FILTERS,
  priorityFilterChange,
  priorityStatusMachine,
  selectPriorityExport,
  selectPriorityPractices,
  selectPriorityRows,
  type PriorityRow,
} from "./priorityStatus";

const row = (location: string, practiceId: number, region: "SMD" | "FSD", P1: number) => ({
  location,
  practiceId,
  region,
  P1,
  P2: 1,
  P3: 0,
  P4: 0,
  sum: P1 + 1,
});

const rows: PriorityRow[] = [row("A-HOU", 1, "SMD", 5), row("B-SAT", 2, "FSD", 2), row("C-KAT", 3, "SMD", 9)];
const lists: ReportFilterLists = {
  practices: [
    { id: 1, practice: "A Houston", practiceabbr: "A-HOU", region: "SMD", brands: [] },
    { id: 2, practice: "B San Antonio", practiceabbr: "B-SAT", region: "FSD", brands: [] },
    { id: 3, practice: "C Katy", practiceabbr: "C-KAT", region: "SMD", brands: [] },
  ],
  regions: [],
};

async function ready() {
  const machine = priorityStatusMachine.provide({ actors: { load: fromPromise(async () => rows), loadLists: fromPromise(async () => lists) } });
  const actor = createActor(machine, { input: { filters: INITIAL_PRIORITY_FILTERS } }).start();
  await waitFor(actor, (s) => selectReportReady(s) && s.matches({ lists: "ready" }));
  return actor;
}

describe("priority status report", () => {
  it("filters rows by region and by practice; a region change resets the practice", async () => {
    const actor = await ready();
    expect(selectPriorityRows(actor.getSnapshot()).map((r) => r.location)).toEqual(["A-HOU", "B-SAT", "C-KAT"]);
    actor.send({ type: "report.filters.change", filters: { practice: "2" } });
    actor.send({ type: "report.filters.change", filters: { region: "SMD" } });
    await waitFor(actor, selectReportReady);
    expect(actor.getSnapshot().context.filters).toEqual({ region: "SMD", practice: "all" });
    expect(selectPriorityRows(actor.getSnapshot()).map((r) => r.location)).toEqual(["A-HOU", "C-KAT"]);
    expect(selectPriorityPractices(actor.getSnapshot()).map((p) => p.id)).toEqual([1, 3]);
    actor.send({ type: "report.filters.change", filters: { practice: "3" } });
    await waitFor(actor, selectReportReady);
    expect(selectPriorityRows(actor.getSnapshot()).map((r) => r.location)).toEqual(["C-KAT"]);
  });

  it("a region change resets the practice to all", () => {
    expect(priorityFilterChange({ region: "FSD" })).toEqual({ region: "FSD", practice: "all" });
    expect(priorityFilterChange({ practice: "2" })).toEqual({ practice: "2" });
  });

  it("sorts by P1, and again toggles to descending", async () => {
    const actor = await ready();
    actor.send({ type: "report.sort", column: "P1" });
    expect(selectPriorityRows(actor.getSnapshot()).map((r) => r.P1)).toEqual([2, 5, 9]);
    actor.send({ type: "report.sort", column: "P1" });
    expect(selectPriorityRows(actor.getSnapshot()).map((r) => r.P1)).toEqual([9, 5, 2]);
  });

  it("exports the chosen region and practice once the report is shown", async () => {
    const actor = await ready();
    actor.send({ type: "report.filters.change", filters: { region: "FSD" } });
    expect(selectPriorityExport(actor.getSnapshot())).toBeNull();
    await waitFor(actor, selectReportReady);
    expect(selectPriorityExport(actor.getSnapshot())).toEqual({ report: "priorityStatus", query: { region: "FSD", practice: "all" } });
  });
});
