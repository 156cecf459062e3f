import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { offeredMonths } from "../../../domain/reports/newPatientOrigin.ts";
import {
  newPatientOriginMachine,
  type NewPatientOriginQuery,
  type NewPatientOriginReport,
  type Practice,
} from "./newPatientOrigin.machine";
import { selectNewPatientOriginExport, selectPracticeOptions, selectStatus, sourcesChart } from "./newPatientOrigin.selectors";

const MONTHS = offeredMonths("2026-11-16");
const PRACTICES: Practice[] = [
  { id: 1, practice: "Smile Magic Waco", practiceabbr: "SM-WACO", region: "SMD", brands: ["denta", "mcna"] },
  { id: 2, practice: "Family Smiles Flores", practiceabbr: "FS-FLOR", region: "FSD", brands: ["uhc"] },
];
const REPORT: NewPatientOriginReport = {
  sources: [
    { source: "Call Center", count: 3, percent: 75, practices: [{ practice: "SM-WACO", practiceId: 1, count: 3, percent: 100 }] },
    { source: "Website", count: 1, percent: 25, practices: [{ practice: "FS-FLOR", practiceId: 2, count: 1, percent: 100 }] },
  ],
  total: { count: 4, sources: 2 },
};

function start(loadReport: (query: NewPatientOriginQuery) => Promise<NewPatientOriginReport> = async () => REPORT) {
  const effects = { show: vi.fn(), hide: vi.fn(), failure: vi.fn(), loadPractices: vi.fn(async () => PRACTICES) };
  const queries: NewPatientOriginQuery[] = [];
  const machine = newPatientOriginMachine.provide({
    actors: {
      loadPractices: fromPromise(() => effects.loadPractices()),
      loadReport: fromPromise(({ input }) => {
        queries.push(input);
        return loadReport(input);
      }),
    },
    actions: {
      showLoader: effects.show,
      hideLoader: effects.hide,
      reportFailure: (_, { failure }) => effects.failure(failure),
    },
  });
  const actor = createActor(machine, { input: { months: MONTHS } }).start();
  return { actor, effects, queries };
}

const ready = (actor: ReturnType<typeof start>["actor"]) => waitFor(actor, (s) => selectStatus(s) === "ready" && s.matches({ practices: "ready" }));

afterEach(() => vi.useRealTimers());

describe("new patient origin machine", () => {
  it("loads the current month, every practice and brand at first, with the loader", async () => {
    const { actor, effects, queries } = start();
    await ready(actor);
    expect(queries).toEqual([{ brand: "all", practice: [], date: ["2026-11"] }]);
    expect(actor.getSnapshot().context.data).toEqual(REPORT);
    expect(actor.getSnapshot().context.practices).toEqual(PRACTICES);
    expect(effects.show).toHaveBeenCalledTimes(1);
    expect(effects.hide).toHaveBeenCalledTimes(1);
  });

  it("reloads on each filter change; a brand change resets the practices to all (§4)", async () => {
    const { actor, queries } = start();
    await ready(actor);
    actor.send({ type: "npo.practices.change", practice: [1, 2, 1] });
    actor.send({ type: "npo.months.change", date: ["2026-11", "2026-10"] });
    actor.send({ type: "npo.brand.change", brand: "uhc" });
    await ready(actor);
    expect(queries.slice(1)).toEqual([
      { brand: "all", practice: [1, 2], date: ["2026-11"] },
      { brand: "all", practice: [1, 2], date: ["2026-11", "2026-10"] },
      { brand: "uhc", practice: [], date: ["2026-11", "2026-10"] },
    ]);
    expect(selectPracticeOptions(actor.getSnapshot()).map((p) => p.id)).toEqual([2]);
  });

  it("a filter change loads the report only: the practices load once per visit", async () => {
    vi.useFakeTimers();
    const { actor, effects, queries } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "npo.brand.change", brand: "uhc" });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "npo.practices.change", practice: [2] });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "npo.refresh" });
    await vi.advanceTimersByTimeAsync(0);
    expect(queries).toHaveLength(4);
    expect(effects.loadPractices).toHaveBeenCalledTimes(1);
    expect(selectPracticeOptions(actor.getSnapshot()).map((p) => p.id)).toEqual([2]);
    expect(selectNewPatientOriginExport(actor.getSnapshot())).toEqual({ report: "newPatientOrigin", query: { brand: "uhc", practice: [2], date: ["2026-11"] } });
  });

  it("keeps the months when none, or one not offered, is chosen", async () => {
    const { actor, queries } = start();
    await ready(actor);
    actor.send({ type: "npo.months.change", date: [] });
    actor.send({ type: "npo.months.change", date: ["2024-11"] });
    expect(queries).toHaveLength(1);
    expect(actor.getSnapshot().context.filters.date).toEqual(["2026-11"]);
    actor.send({ type: "npo.months.change", date: ["2024-12"] });
    expect(queries).toHaveLength(2);
  });

  it("keeps only the last answer when a change cancels a load under way", async () => {
    const pending: ((report: NewPatientOriginReport) => void)[] = [];
    const { actor } = start(() => new Promise((resolve) => pending.push(resolve)));
    actor.send({ type: "npo.refresh" });
    pending[0]!({ ...REPORT, total: { count: 99, sources: 2 } });
    pending[1]!(REPORT);
    await ready(actor);
    expect(actor.getSnapshot().context.data?.total.count).toBe(4);
  });

  it("reports a failed load to the generic error handler and can try again", async () => {
    let fail = true;
    const { actor, effects } = start(async () => {
      if (fail) throw Object.assign(new Error("Boom"), { statusCode: 500 });
      return REPORT;
    });
    await waitFor(actor, (s) => selectStatus(s) === "failed");
    expect(effects.failure).toHaveBeenCalledWith({ message: "Boom", statusCode: 500 });
    expect(actor.getSnapshot().context.failure).toEqual({ message: "Boom", statusCode: 500 });
    fail = false;
    actor.send({ type: "npo.refresh" });
    await ready(actor);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});

describe("sources pie", () => {
  it("has one slice per source with its count", () => {
    const spec = sourcesChart(REPORT);
    expect(spec.kind).toBe("pie");
    expect(spec.categories).toEqual(["Call Center", "Website"]);
    expect(spec.series[0]?.values).toEqual([3, 1]);
    expect(spec.categoryColors).toHaveLength(2);
  });
});
