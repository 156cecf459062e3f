import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { selectReportStatus } from "../report/report.selectors";
import { usageReportMachine } from "./usageReport.machine";
import { selectCalls, selectVisits } from "./usageReport.selectors";
import { callActivityMachine, selectCallActivityCampaign, selectCallActivityCampaigns, selectUsageExport, selectUsageRows, usageVisitsMachine, type CallActivityQuery, type UsageQuery, type UsageRow } from "./usageTables";

const rows: UsageRow[] = [
  { userId: 2, visitedUrl: "/usage", defualtPracticeId: "3", username: "b@x.example", firstname: "B", lastname: "Bee", accessDate: "2026-03-04", count: 2 },
  { userId: 1, visitedUrl: "/dashboard", defualtPracticeId: "3", username: "a@x.example", firstname: "A", lastname: "Ay", accessDate: "2026-03-05", count: 9 },
];

function start(isAdmin = true) {
  const load = vi.fn(async (_filters: UsageQuery) => rows);
  const loadCalls = vi.fn(async (_filters: CallActivityQuery) => []);
  const report = usageVisitsMachine.provide({ actors: { load: fromPromise(({ input }) => load(input.filters)) } });
  const calls = callActivityMachine.provide({
    actors: { load: fromPromise(({ input }) => loadCalls(input.filters)), loadLists: fromPromise(async () => [{ id: 7, name: "Recare Houston" }]) },
  });
  const actor = createActor(usageReportMachine.provide({ actors: { report, calls } }), {
    input: { isAdmin, today: new Date(2026, 2, 17) },
  }).start();
  const child = () => selectVisits(actor.getSnapshot());
  return { actor, load, loadCalls, child };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("usage report machine", () => {
  it("loads the current month with no search, and keeps the administrator's allowEdit", async () => {
    const { actor, load, child } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledExactlyOnceWith({ startDate: "2026-03-01", endDate: "2026-03-31", userSearch: "", visitedUrl: "" });
    expect(selectReportStatus(child().getSnapshot())).toBe("ready");
    expect(actor.getSnapshot().context.allowEdit).toBe(true);
    expect(start(false).actor.getSnapshot().context.allowEdit).toBe(false);
  });

  it("searches by visited page 500 ms after the last keystroke, trimmed", async () => {
    const { actor, load } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "usage.visitedUrl.change", value: "/das" });
    await vi.advanceTimersByTimeAsync(300);
    actor.send({ type: "usage.visitedUrl.change", value: " /dash " });
    await vi.advanceTimersByTimeAsync(499);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ visitedUrl: "/dash" }));
  });

  it("searches by user only when asked (Enter or the button)", async () => {
    const { actor, load } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "usage.user.change", value: " moreno " });
    await vi.advanceTimersByTimeAsync(2000);
    expect(load).toHaveBeenCalledTimes(1);
    actor.send({ type: "usage.user.search" });
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ userSearch: "moreno" }));
  });

  it("loads the call activity of the same month, and not again on a search", async () => {
    const { actor, loadCalls } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(loadCalls).toHaveBeenCalledExactlyOnceWith({ startDate: "2026-03-01", endDate: "2026-03-31", campaign: null });
    actor.send({ type: "usage.user.change", value: "moreno" });
    actor.send({ type: "usage.user.search" });
    await vi.advanceTimersByTimeAsync(0);
    expect(loadCalls).toHaveBeenCalledTimes(1);
  });

  it("reloads both tables when a date changes", async () => {
    const { actor, load, loadCalls } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "usage.startDate.change", value: "2026-02-01" });
    actor.send({ type: "usage.endDate.change", value: "2026-02-28" });
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenLastCalledWith({ startDate: "2026-02-01", endDate: "2026-02-28", userSearch: "", visitedUrl: "" });
    expect(loadCalls).toHaveBeenLastCalledWith({ startDate: "2026-02-01", endDate: "2026-02-28", campaign: null });
  });

  it("narrows the call activity to a campaign of its list, keeping the dates, and the visits stay as they are", async () => {
    const { actor, load, loadCalls } = start();
    await vi.advanceTimersByTimeAsync(0);
    const calls = selectCalls(actor.getSnapshot());
    expect(selectCallActivityCampaigns(calls.getSnapshot())).toEqual([{ id: 7, name: "Recare Houston" }]);
    calls.send({ type: "report.filters.change", filters: { campaign: 7 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(loadCalls).toHaveBeenLastCalledWith({ startDate: "2026-03-01", endDate: "2026-03-31", campaign: 7 });
    expect(selectCallActivityCampaign(calls.getSnapshot())).toBe(7);
    actor.send({ type: "usage.startDate.change", value: "2026-02-01" });
    await vi.advanceTimersByTimeAsync(0);
    expect(loadCalls).toHaveBeenLastCalledWith({ startDate: "2026-02-01", endDate: "2026-03-31", campaign: 7 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("sorts the rows on the client, the same column again reversing", async () => {
    const { child } = start();
    await vi.advanceTimersByTimeAsync(0);
    child().send({ type: "report.sort", column: "count" });
    expect(selectUsageRows(child().getSnapshot()).map((row) => row.count)).toEqual([2, 9]);
    child().send({ type: "report.sort", column: "count" });
    expect(selectUsageRows(child().getSnapshot()).map((row) => row.count)).toEqual([9, 2]);
  });

  it("exports the visits of the dates and searches shown", async () => {
    const { actor, child } = start();
    expect(selectUsageExport(child().getSnapshot())).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "usage.user.change", value: "moreno" });
    actor.send({ type: "usage.user.search" });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectUsageExport(child().getSnapshot())).toEqual({
      report: "usage",
      query: { startDate: "2026-03-01", endDate: "2026-03-31", userSearch: "moreno", visitedUrl: "" },
    });
  });
});
