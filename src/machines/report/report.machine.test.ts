import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { reportMachine } from "./report.machine";
import { selectReportStatus } from "./report.selectors";

interface Filters {
  region: string;
  practice: string;
}

function start(load: (filters: Filters) => Promise<string[]>) {
  const effects = { show: vi.fn(), hide: vi.fn(), failure: vi.fn() };
  const machine = reportMachine.provide({
    actors: { load: fromPromise(({ input }) => load(input as unknown as Filters)) },
    actions: {
      showLoader: effects.show,
      hideLoader: effects.hide,
      reportFailure: (_, { failure }) => effects.failure(failure),
    },
  });
  const actor = createActor(machine, { input: { filters: { region: "all", practice: "all" } } }).start();
  return { actor, effects };
}

describe("report machine", () => {
  it("loads with the initial filters and shows the loader while it does", async () => {
    const seen: Filters[] = [];
    const { actor, effects } = start(async (filters) => {
      seen.push(filters);
      return ["row"];
    });
    expect(effects.show).toHaveBeenCalledTimes(1);
    await waitFor(actor, (s) => selectReportStatus(s) === "ready");
    expect(seen).toEqual([{ region: "all", practice: "all" }]);
    expect(actor.getSnapshot().context.data).toEqual(["row"]);
    expect(effects.hide).toHaveBeenCalledTimes(1);
  });

  it("reloads with merged filters on a change, dropping the answer of the load it replaced", async () => {
    const pending: { filters: Filters; resolve: (rows: string[]) => void }[] = [];
    const { actor } = start((filters) => new Promise((resolve) => pending.push({ filters, resolve })));
    actor.send({ type: "report.filters.change", filters: { region: "SMD" } });
    expect(pending.map((p) => p.filters)).toEqual([
      { region: "all", practice: "all" },
      { region: "SMD", practice: "all" },
    ]);
    pending[0]!.resolve(["stale"]);
    pending[1]!.resolve(["fresh"]);
    await waitFor(actor, (s) => selectReportStatus(s) === "ready");
    expect(actor.getSnapshot().context.data).toEqual(["fresh"]);
  });

  it("reloads on Refresh with the same filters", async () => {
    const load = vi.fn(async () => ["row"]);
    const { actor } = start(load);
    await waitFor(actor, (s) => selectReportStatus(s) === "ready");
    actor.send({ type: "report.refresh" });
    await waitFor(actor, (s) => selectReportStatus(s) === "ready");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("on failure turns the loader off, keeps the failure for the screen and reports it", async () => {
    const { actor, effects } = start(async () => Promise.reject({ message: "Report service unavailable", statusCode: 503 }));
    await waitFor(actor, (s) => selectReportStatus(s) === "failed");
    expect(effects.hide).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.failure).toEqual({ message: "Report service unavailable", statusCode: 503 });
    expect(effects.failure).toHaveBeenCalledWith({ message: "Report service unavailable", statusCode: 503 });
  });

  it("sorts by a column, and the same column again toggles the direction", async () => {
    const { actor } = start(async () => []);
    actor.send({ type: "report.sort", column: "P1" });
    expect(actor.getSnapshot().context.sort).toEqual({ column: "P1", direction: "asc" });
    actor.send({ type: "report.sort", column: "P1" });
    expect(actor.getSnapshot().context.sort).toEqual({ column: "P1", direction: "desc" });
  });
});
