import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { ReportFilterLists } from "../report/report.actors";
import { selectReportReady } from "../report/report.selectors";
import {
  INITIAL_MEMBERS_STATUS_FILTERS,
  membersStatusFilterChange,
  membersStatusMachine,
  selectMembersStatusCanSend,
  selectMembersStatusExport,
  selectMembersStatusPractices,
  selectMembersStatusRows,
  totalsMatch,
  type MembersStatusData,
  type MembersStatusFilters,
} from "./membersStatusReport";

const counts = { New_Patient_DENTA: 0, New_Patient_MCNA: 0, New_Patient_UHC: 0, Recare_No_Future_Appointment_DENTA: 0, Recare_No_Future_Appointment_MCNA: 0, Recare_No_Future_Appointment_UHC: 0, Recare_Future_Appointment_DENTA: 0, Recare_Future_Appointment_MCNA: 0, Recare_Future_Appointment_UHC: 0 };
const data: MembersStatusData = {
  rows: [
    { ...counts, practice: "A", practiceId: 1, total: 4, extractedMembers: 4 },
    { ...counts, practice: "B", practiceId: 2, total: 9, extractedMembers: 12 },
  ],
  totals: { ...counts, practice: "Total", total: 13, extractedMembers: 16 },
};
const lists: ReportFilterLists = {
  practices: [
    { id: 1, practice: "A", practiceabbr: "A", region: "SMD", brands: ["denta", "mcna"] },
    { id: 2, practice: "B", practiceabbr: "B", region: "FSD", brands: ["uhc"] },
  ],
  regions: [],
};

function start(seen: MembersStatusFilters[] = [], answer: MembersStatusData = data) {
  const machine = membersStatusMachine.provide({
    actors: {
      load: fromPromise(async ({ input }) => {
        seen.push(input.filters);
        return answer;
      }),
      loadLists: fromPromise(async () => lists),
    },
  });
  return createActor(machine, { input: { filters: INITIAL_MEMBERS_STATUS_FILTERS } }).start();
}

describe("members status report", () => {
  it("loads with the filters as the query, sorts by Members and offers the practices of the brand and region", async () => {
    const seen: MembersStatusFilters[] = [];
    const actor = start(seen);
    await waitFor(actor, (s) => selectReportReady(s) && s.matches({ lists: "ready" }));
    actor.send({ type: "report.sort", column: "total" });
    actor.send({ type: "report.sort", column: "total" });
    expect(selectMembersStatusRows(actor.getSnapshot()).map((r) => r.practice)).toEqual(["B", "A"]);

    actor.send({ type: "report.filters.change", filters: { practice: [1] } });
    actor.send({ type: "report.filters.change", filters: { brand: "uhc" } });
    await waitFor(actor, selectReportReady);
    expect(seen.at(-1)).toEqual({ brand: "uhc", region: "all", practice: [], mco: "all", result: "all" });
    expect(selectMembersStatusPractices(actor.getSnapshot()).map((p) => p.id)).toEqual([2]);
  });

  it("resets the practice choice when the brand or region changes", () => {
    expect(membersStatusFilterChange({ region: "SMD" })).toEqual({ region: "SMD", practice: [] });
    expect(membersStatusFilterChange({ practice: [3] })).toEqual({ practice: [3] });
  });

  it("tells totals that match the extracted count from those that differ", () => {
    expect(totalsMatch(data.rows[0]!)).toBe(true);
    expect(totalsMatch(data.rows[1]!)).toBe(false);
  });

  it("exports and sends the report shown, and sends nothing when it has no rows", async () => {
    const actor = start();
    expect(selectMembersStatusExport(actor.getSnapshot())).toBeNull();
    expect(selectMembersStatusCanSend(actor.getSnapshot())).toBe(false);
    await waitFor(actor, selectReportReady);
    expect(selectMembersStatusExport(actor.getSnapshot())).toEqual({
      report: "membersStatus",
      query: { params: JSON.stringify({ brand: "all", region: "all", practice: [], mco: "all", result: "all" }) },
    });
    expect(selectMembersStatusCanSend(actor.getSnapshot())).toBe(true);

    const empty = start([], { rows: [], totals: data.totals });
    await waitFor(empty, selectReportReady);
    expect(selectMembersStatusCanSend(empty.getSnapshot())).toBe(false);
  });
});
