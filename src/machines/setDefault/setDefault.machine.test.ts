import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { setDefaultMachine, type Practice, type SetupRecord } from "./setDefault.machine";

const practice = (id: number, practiceabbr: string): Practice => ({
  id,
  practiceabbr,
  practice: `Practice ${practiceabbr}`,
  region: "SMD",
  brands: ["denta"],
});
// In the order of GET /Members/practicesList/{id}: by abbreviation.
const practices = [practice(9, "FSD-DALL"), practice(3, "SMD-AUST"), practice(4, "SMD-WACO")];
const records: SetupRecord[] = [
  { appId: "call_center", field: "practice", value: "4;9" },
  { appId: "call_center", field: "status", value: "New Patient" },
];

const never = <T>() => new Promise<T>(() => {});

function start({
  loadPractices = async (_userId: number): Promise<Practice[]> => practices,
  loadSetup = async (_userId: number): Promise<SetupRecord[]> => records,
  saveSetupRecord = async (_record: SetupRecord, _signal: AbortSignal): Promise<void> => undefined,
  defaultLocationId = "3",
} = {}) {
  const stubs = {
    loadPractices: vi.fn(loadPractices),
    loadSetup: vi.fn(loadSetup),
    saveSetupRecord: vi.fn(saveSetupRecord),
    reloadPage: vi.fn(),
  };
  const actor = createActor(
    setDefaultMachine.provide({
      actors: {
        loadPractices: fromPromise(({ input }) => stubs.loadPractices(input.userId)),
        loadSetup: fromPromise(({ input }) => stubs.loadSetup(input.userId)),
        saveSetupRecord: fromPromise(({ input, signal }) => stubs.saveSetupRecord(input, signal)),
      },
      actions: { reloadPage: () => stubs.reloadPage() },
    }),
    { input: { userId: 2, defaultLocationId } },
  ).start();
  return { actor, stubs };
}

type Actor = ReturnType<typeof start>["actor"];
const ready = (actor: Actor) => waitFor(actor, (s) => s.matches("ready"));
const savedRecords = (stubs: ReturnType<typeof start>["stubs"]) => stubs.saveSetupRecord.mock.calls.map(([record]) => record);

describe("set default machine: loading", () => {
  it("loads the user's practices and setup records, and preselects the saved choice", async () => {
    const { actor, stubs } = start();
    expect(actor.getSnapshot().matches("loading")).toBe(true);
    await ready(actor);
    expect(stubs.loadPractices).toHaveBeenCalledWith(2);
    expect(stubs.loadSetup).toHaveBeenCalledWith(2);
    expect(actor.getSnapshot().context).toMatchObject({ practices, practiceIds: [9, 4], status: "New Patient" });
  });

  it("preselects the user's default practices and All statuses when nothing was saved yet", async () => {
    const { actor } = start({ loadSetup: async () => [], defaultLocationId: "3;4" });
    await ready(actor);
    expect(actor.getSnapshot().context).toMatchObject({ practiceIds: [3, 4], status: "all" });
  });

  it("reads a saved '' as no practice chosen (all), and drops practices no longer offered or unknown statuses", async () => {
    const { actor } = start({
      loadSetup: async () => [
        { appId: "call_center", field: "practice", value: "" },
        { appId: "call_center", field: "status", value: "Retired status" },
      ],
    });
    await ready(actor);
    expect(actor.getSnapshot().context).toMatchObject({ practiceIds: [], status: "all" });

    const stale = start({ loadSetup: async () => [{ appId: "call_center", field: "practice", value: "3;77" }] });
    await ready(stale.actor);
    expect(stale.actor.getSnapshot().context.practiceIds).toEqual([3]);
  });

  it("is empty when the user has no practices to choose from", async () => {
    const { actor } = start({ loadPractices: async () => [] });
    await waitFor(actor, (s) => s.matches("empty"));
    expect(actor.getSnapshot().can({ type: "setDefault.save" })).toBe(false);
  });

  it.each([
    ["the practices", { loadPractices: async () => Promise.reject({ message: "Practices unavailable", statusCode: 503 }) }],
    ["the setup records", { loadSetup: async () => Promise.reject({ message: "Practices unavailable", statusCode: 503 }) }],
  ])("shows the failure when %s cannot be loaded, and loads again on retry", async (_, failing) => {
    const { actor, stubs } = start(failing);
    await waitFor(actor, (s) => s.matches("loadFailed"));
    expect(actor.getSnapshot().context.failure).toEqual({ message: "Practices unavailable", statusCode: 503 });

    const key = "loadPractices" in failing ? "loadPractices" : "loadSetup";
    stubs[key].mockImplementation(async () => (key === "loadPractices" ? practices : records) as never);
    actor.send({ type: "setDefault.retry" });
    expect(actor.getSnapshot().context.failure).toBeNull();
    await ready(actor);
    expect(actor.getSnapshot().context.practiceIds).toEqual([9, 4]);
  });
});

describe("set default machine: choosing", () => {
  it("toggles practices in the order of the list, clears them, and changes the status", async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: "setDefault.practice.toggle", id: 3 });
    expect(actor.getSnapshot().context.practiceIds).toEqual([9, 3, 4]);
    actor.send({ type: "setDefault.practice.toggle", id: 9 });
    expect(actor.getSnapshot().context.practiceIds).toEqual([3, 4]);
    actor.send({ type: "setDefault.practices.clear" });
    expect(actor.getSnapshot().context.practiceIds).toEqual([]);
    actor.send({ type: "setDefault.status.change", status: "Dropped Patient" });
    expect(actor.getSnapshot().context.status).toBe("Dropped Patient");
  });
});

describe("set default machine: saving (§4 saving the default setup reloads the page)", () => {
  it("stores the practice record, then the status record, then reloads the page", async () => {
    const { actor, stubs } = start();
    await ready(actor);
    actor.send({ type: "setDefault.practice.toggle", id: 3 });
    actor.send({ type: "setDefault.status.change", status: "Recare Future Appointment" });

    actor.send({ type: "setDefault.save" });
    expect(actor.getSnapshot().matches({ saving: "practice" })).toBe(true);
    expect(actor.getSnapshot().can({ type: "setDefault.save" })).toBe(false);
    await waitFor(actor, (s) => s.matches("reloading"));

    expect(savedRecords(stubs)).toEqual([
      { appId: "call_center", field: "practice", value: "9;3;4" },
      { appId: "call_center", field: "status", value: "Recare Future Appointment" },
    ]);
    expect(stubs.reloadPage).toHaveBeenCalledTimes(1);
    expect(stubs.reloadPage.mock.invocationCallOrder[0]).toBeGreaterThan(stubs.saveSetupRecord.mock.invocationCallOrder[1]!);
  });

  it("stores '' and 'all' for no practice and All statuses", async () => {
    const { actor, stubs } = start({ loadSetup: async () => [], defaultLocationId: "" });
    await ready(actor);
    actor.send({ type: "setDefault.save" });
    await waitFor(actor, (s) => s.matches("reloading"));
    expect(savedRecords(stubs)).toEqual([
      { appId: "call_center", field: "practice", value: "" },
      { appId: "call_center", field: "status", value: "all" },
    ]);
  });

  it.each([
    ["the practice record", "practice", 1],
    ["the status record", "status", 2],
  ])("does not reload when %s fails to save, keeps the choice, and saves both again", async (_, field, attempts) => {
    const { actor, stubs } = start({
      saveSetupRecord: async (record) =>
        record.field === field ? Promise.reject({ message: "Invalid request: value", statusCode: 400 }) : undefined,
    });
    await ready(actor);
    actor.send({ type: "setDefault.status.change", status: "Dropped Patient" });
    actor.send({ type: "setDefault.save" });
    await waitFor(actor, (s) => s.matches({ ready: "saveFailed" }));

    expect(stubs.saveSetupRecord).toHaveBeenCalledTimes(attempts);
    expect(stubs.reloadPage).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context).toMatchObject({
      practiceIds: [9, 4],
      status: "Dropped Patient",
      failure: { message: "Invalid request: value", statusCode: 400 },
    });

    actor.send({ type: "setDefault.failure.dismiss" });
    expect(actor.getSnapshot().matches({ ready: "editing" })).toBe(true);
    expect(actor.getSnapshot().context.failure).toBeNull();

    stubs.saveSetupRecord.mockImplementation(async () => undefined);
    actor.send({ type: "setDefault.save" });
    await waitFor(actor, (s) => s.matches("reloading"));
    expect(savedRecords(stubs).slice(attempts)).toEqual([
      { appId: "call_center", field: "practice", value: "9;4" },
      { appId: "call_center", field: "status", value: "Dropped Patient" },
    ]);
    expect(stubs.reloadPage).toHaveBeenCalledTimes(1);
  });

  it("saving straight after a failure clears the failure while it saves", async () => {
    const { actor, stubs } = start({ saveSetupRecord: async () => Promise.reject({ message: "Offline", statusCode: 0 }) });
    await ready(actor);
    actor.send({ type: "setDefault.save" });
    await waitFor(actor, (s) => s.matches({ ready: "saveFailed" }));
    stubs.saveSetupRecord.mockImplementation(() => never());
    actor.send({ type: "setDefault.save" });
    expect(actor.getSnapshot().matches({ saving: "practice" })).toBe(true);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it("cancel: closing the dialog while saving cancels the save and never reloads", async () => {
    const signals: AbortSignal[] = [];
    const { actor, stubs } = start({
      saveSetupRecord: (_, signal) => {
        signals.push(signal);
        return never();
      },
    });
    await ready(actor);
    actor.send({ type: "setDefault.save" });
    actor.stop();
    expect(signals[0]?.aborted).toBe(true);
    expect(stubs.reloadPage).not.toHaveBeenCalled();
  });
});
