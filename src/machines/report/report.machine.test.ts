import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { createReportMachine } from "./report.machine";
import { selectReportStatus } from "./report.selectors";

interface Filters {
  region: string;
  practice: string;
}

interface Lists {
  regions: string[];
}

const reportMachine = createReportMachine<Filters, string[], Lists>({
  id: "test",
  lists: true,
  // As the reports' own rules do: a region change resets the practice.
  filterChange: (change) => ("region" in change ? { ...change, practice: "all" } : change),
});

function start({
  load = async () => ["row"],
  loadLists = async () => ({ regions: ["SMD"] }),
}: { load?: (filters: Filters) => Promise<string[]>; loadLists?: () => Promise<Lists> } = {}) {
  const effects = { show: vi.fn(), hide: vi.fn(), failure: vi.fn(), load: vi.fn(load), loadLists: vi.fn(loadLists) };
  const machine = reportMachine.provide({
    actors: { load: fromPromise(({ input }) => effects.load(input.filters)), loadLists: fromPromise(() => effects.loadLists()) },
    actions: {
      showLoader: effects.show,
      hideLoader: effects.hide,
      reportFailure: (_, { failure }) => effects.failure(failure),
    },
  });
  const actor = createActor(machine, { input: { filters: { region: "all", practice: "7" } } }).start();
  return { actor, effects };
}

/** Lets the stubs' promises settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("report machine", () => {
  it("loads the report with the initial filters and the filter lists, with the loader while they load", async () => {
    const { actor, effects } = start();
    expect(effects.show).toHaveBeenCalledTimes(2);
    await settle();
    expect(selectReportStatus(actor.getSnapshot())).toBe("ready");
    expect(effects.load).toHaveBeenCalledExactlyOnceWith({ region: "all", practice: "7" });
    expect(actor.getSnapshot().context.data).toEqual(["row"]);
    expect(actor.getSnapshot().context.lists).toEqual({ regions: ["SMD"] });
    expect(effects.hide).toHaveBeenCalledTimes(2);
  });

  it("a filter change fetches the report only: the filter lists load once per visit", async () => {
    const { actor, effects } = start();
    await settle();
    actor.send({ type: "report.filters.change", filters: { practice: "3" } });
    await settle();
    actor.send({ type: "report.filters.change", filters: { region: "FSD" } });
    await settle();
    actor.send({ type: "report.refresh" });
    await settle();
    expect(effects.load.mock.calls.map(([filters]) => filters)).toEqual([
      { region: "all", practice: "7" },
      { region: "all", practice: "3" },
      { region: "FSD", practice: "all" },
      { region: "FSD", practice: "all" },
    ]);
    expect(effects.loadLists).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.lists).toEqual({ regions: ["SMD"] });
  });

  it("a change while the report loads drops the answer of the load it replaced", async () => {
    const pending: { filters: Filters; resolve: (rows: string[]) => void }[] = [];
    const { actor } = start({ load: (filters) => new Promise((resolve) => pending.push({ filters, resolve })) });
    actor.send({ type: "report.filters.change", filters: { practice: "3" } });
    expect(pending.map((p) => p.filters.practice)).toEqual(["7", "3"]);
    pending[0]!.resolve(["stale"]);
    pending[1]!.resolve(["fresh"]);
    await settle();
    expect(selectReportStatus(actor.getSnapshot())).toBe("ready");
    expect(actor.getSnapshot().context.data).toEqual(["fresh"]);
  });

  it("on failure turns the loader off, keeps the failure for the screen and reports it", async () => {
    const { actor, effects } = start({ load: async () => Promise.reject({ message: "Report service unavailable", statusCode: 503 }) });
    await settle();
    expect(selectReportStatus(actor.getSnapshot())).toBe("failed");
    expect(effects.hide).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.failure).toEqual({ message: "Report service unavailable", statusCode: 503 });
    expect(effects.failure).toHaveBeenCalledWith({ message: "Report service unavailable", statusCode: 503 });
  });

  it("filter lists that failed are reported, and Refresh asks for them again", async () => {
    let fail = true;
    const { actor, effects } = start({ loadLists: async () => (fail ? Promise.reject({ message: "Down", statusCode: 500 }) : { regions: ["FSD"] }) });
    await settle();
    expect(effects.failure).toHaveBeenCalledWith({ message: "Down", statusCode: 500 });
    expect(selectReportStatus(actor.getSnapshot())).toBe("ready");
    expect(actor.getSnapshot().context.lists).toBeNull();
    fail = false;
    actor.send({ type: "report.refresh" });
    await settle();
    expect(effects.loadLists).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.lists).toEqual({ regions: ["FSD"] });
  });

  it("a report without filter lists loads none", async () => {
    const load = vi.fn(async () => 42);
    const loadLists = vi.fn(() => new Promise<never>(() => {}));
    const machine = createReportMachine<Record<string, never>, number>({ id: "plain", lists: false }).provide({
      actors: { load: fromPromise(load), loadLists: fromPromise(loadLists) },
    });
    const actor = createActor(machine, { input: { filters: {} } }).start();
    await settle();
    expect(actor.getSnapshot().context.data).toBe(42);
    expect(loadLists).not.toHaveBeenCalled();
  });

  it("sorts by a column, and the same column again toggles the direction", async () => {
    const { actor } = start();
    actor.send({ type: "report.sort", column: "P1" });
    expect(actor.getSnapshot().context.sort).toEqual({ column: "P1", direction: "asc" });
    actor.send({ type: "report.sort", column: "P1" });
    expect(actor.getSnapshot().context.sort).toEqual({ column: "P1", direction: "desc" });
  });
});
