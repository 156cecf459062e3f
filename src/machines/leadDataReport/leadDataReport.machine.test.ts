import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import {
  leadDataReportMachine,
  RANGE_FORMAT_PROBLEM,
  RANGE_ORDER_PROBLEM,
  type LeadDataReport,
  type LeadPeriodsRequest,
  type LeadRangeRequest,
  type Practice,
} from "./leadDataReport.machine";
import { selectLeadRange, selectLeadRangeCounted, selectLeadRangeExport, selectLeadRangeProblem, selectLeadStatus, selectLeadUpdating } from "./leadDataReport.selectors";

const NOW = new Date("2026-11-22T18:00:00Z").getTime();
const report: LeadDataReport = { periods: [{ key: "today", label: "Today", startDate: "2026-11-22", endDate: "2026-11-22" }], leadsEntered: [] };

function start(overrides: { periods?: () => Promise<LeadDataReport>; range?: () => Promise<LeadDataReport> } = {}) {
  const calls = { periods: [] as LeadPeriodsRequest[], range: [] as LeadRangeRequest[], practices: 0 };
  const failure = vi.fn();
  const machine = leadDataReportMachine.provide({
    actors: {
      loadPeriods: fromPromise(async ({ input }) => {
        calls.periods.push(input);
        return (overrides.periods ?? (async () => report))();
      }),
      loadPractices: fromPromise(async (): Promise<Practice[]> => {
        calls.practices += 1;
        return [];
      }),
      loadRange: fromPromise(async ({ input }) => {
        calls.range.push(input);
        return (overrides.range ?? (async () => report))();
      }),
    },
    actions: { reportFailure: (_, { failure: f }) => failure(f) },
  });
  return { actor: createActor(machine, { input: { now: NOW } }).start(), calls, failure };
}

afterEach(() => vi.useRealTimers());

describe("lead data report machine", () => {
  it("asks for the six standard periods of the Chicago calendar, and defaults the custom range to month to date", async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => selectLeadStatus(s) === "ready");
    expect(calls.periods).toEqual([
      {
        mode: "periods",
        today: "11-22-2026",
        yesterday: "11-21-2026",
        weekStart: "11-16-2026",
        lastWeekStart: "11-09-2026",
        lastWeekEnd: "11-15-2026",
        monthStart: "11-01-2026",
        lastMonth: "10-01-2026",
        lastMonthEnd: "10-31-2026",
      },
    ]);
    expect(selectLeadRange(actor.getSnapshot())).toEqual({ startDate: "11-01-2026", endDate: "11-22-2026", practice: "all" });
  });

  it("Update counts the custom range with the practice filter", async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => selectLeadStatus(s) === "ready");
    actor.send({ type: "leadData.range.change", range: { startDate: "10-05-2026", endDate: "10-20-2026", practice: "7" } });
    actor.send({ type: "leadData.update" });
    expect(selectLeadUpdating(actor.getSnapshot())).toBe(true);
    expect(selectLeadRangeExport(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches({ report: "ready" }));
    expect(calls.range).toEqual([{ mode: "range", startDate: "10-05-2026", endDate: "10-20-2026", practice: "7" }]);
    expect(actor.getSnapshot().context.rangeReport).toEqual(report);
    // The table says the dates it counted, whatever is typed afterwards.
    actor.send({ type: "leadData.range.change", range: { startDate: "01-01-2020" } });
    expect(selectLeadRangeCounted(actor.getSnapshot())).toEqual({ startDate: "11-22-2026", endDate: "11-22-2026" });
    // Its export asks what the table answers, not the fields being edited.
    expect(selectLeadRangeExport(actor.getSnapshot())).toEqual({
      report: "leadData",
      body: { mode: "range", startDate: "10-05-2026", endDate: "10-20-2026", practice: "7" },
    });
  });

  it("refuses dates that are not MM-DD-YYYY or run backwards, without calling", async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => selectLeadStatus(s) === "ready");
    actor.send({ type: "leadData.range.change", range: { startDate: "2026-10-05" } });
    actor.send({ type: "leadData.update" });
    expect(selectLeadRangeProblem(actor.getSnapshot())).toBe(RANGE_FORMAT_PROBLEM);
    actor.send({ type: "leadData.range.change", range: { startDate: "11-10-2026", endDate: "11-09-2026" } });
    expect(selectLeadRangeProblem(actor.getSnapshot())).toBeNull();
    actor.send({ type: "leadData.update" });
    expect(selectLeadRangeProblem(actor.getSnapshot())).toBe(RANGE_ORDER_PROBLEM);
    expect(calls.range).toEqual([]);
  });

  it("a failed load is reported and Refresh tries again", async () => {
    let fail = true;
    const { actor, calls, failure } = start({
      periods: async () => (fail ? Promise.reject({ message: "Down", statusCode: 500 }) : report),
    });
    await waitFor(actor, (s) => selectLeadStatus(s) === "failed");
    expect(failure).toHaveBeenCalledWith({ message: "Down", statusCode: 500 });
    fail = false;
    actor.send({ type: "leadData.refresh" });
    await waitFor(actor, (s) => selectLeadStatus(s) === "ready");
    expect(calls.periods).toHaveLength(2);
  });

  it("loads the practices of the custom range once per visit, not again on Refresh", async () => {
    vi.useFakeTimers();
    const { actor, calls } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "leadData.refresh" });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "leadData.update" });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.periods).toHaveLength(2);
    expect(calls.range).toHaveLength(1);
    expect(calls.practices).toBe(1);
  });
});
