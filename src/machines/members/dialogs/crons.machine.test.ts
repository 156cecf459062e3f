// The Crons dialog's workflow: Run now for administrators only and on a job that is not running,
// the job's new run shown at once, a refusal said, and the list read again while a job runs.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { components } from "../../../../contract/schema";
import { CRONS_RUNNING_POLL_MS } from "../../../lib/constants";
import { cronsMachine } from "./crons.machine";
import { selectRecordingsReport } from "./dialogs.selectors";
import { JOBS } from "../../../../domain/jobs.ts";
import type { RecordingsImport } from "../../../../domain/recordings/importReport.ts";

type Cron = components["schemas"]["Cron"];

const job = (id: number, reRun = "0"): Cron => ({ id, title: `Job ${id}`, description: "", cronTime: "*/5 * * * *", reRun, logs: [] });

function start(isAdmin: boolean, lists: Cron[][], run: (id: number) => Promise<Cron> = async (id) => job(id, "8")) {
  const loads: number[] = [];
  const runs: number[] = [];
  const actor = createActor(
    cronsMachine.provide({
      actors: {
        load: fromPromise(async () => (loads.push(loads.length), lists[Math.min(loads.length - 1, lists.length - 1)]!)),
        run: fromPromise(async ({ input }: { input: { id: number } }) => (runs.push(input.id), run(input.id))),
      },
    }),
    { input: { isAdmin } },
  ).start();
  return { actor, loads, runs };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("Run now", () => {
  it("starts a job that is not running, for an administrator, and shows its answer", async () => {
    const { actor, runs } = start(true, [[job(1), job(2, "5")]]);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().can({ type: "crons.run", id: 2 })).toBe(false);
    actor.send({ type: "crons.run", id: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([1]);
    expect(actor.getSnapshot().context.items.map((cron) => cron.reRun)).toEqual(["8", "5"]);
  });

  it("is refused to other staff", async () => {
    const { actor, runs } = start(false, [[job(1)]]);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "crons.run", id: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([]);
  });

  it("keeps the refusal's reason to show", async () => {
    const { actor } = start(true, [[job(1)]], async () => {
      throw Object.assign(new Error("The job is already running"), { status: 409 });
    });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "crons.run", id: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().context.runFailure?.message).toBe("The job is already running");
  });
});

describe("while a job runs", () => {
  it("reads the jobs again every CRONS_RUNNING_POLL_MS until none runs, then stops", async () => {
    const { actor, loads } = start(true, [[job(1, "3")], [job(1, "3")], [job(1)]]);
    await vi.advanceTimersByTimeAsync(0);
    expect(loads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(CRONS_RUNNING_POLL_MS - 1);
    expect(loads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(loads).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(CRONS_RUNNING_POLL_MS);
    expect(loads).toHaveLength(3);
    expect(actor.getSnapshot().context.items[0]!.reRun).toBe("0");
    await vi.advanceTimersByTimeAsync(CRONS_RUNNING_POLL_MS * 3);
    expect(loads).toHaveLength(3);
  });
});

describe("the report of a recordings import started here", () => {
  const RECORDINGS = JOBS.find((each) => each.key === "import-recordings")!.id;
  const log = (status: "running" | "success"): Cron["logs"][number] => ({ id: 41, startTime: "2026-11-16T15:00:00Z", endTime: status === "running" ? null : "2026-11-16T15:00:03Z", status, message: "" });
  const report = (status: "running" | "success"): RecordingsImport => ({
    id: 41, status, startedAt: "2026-11-16T15:00:00Z", endedAt: status === "running" ? null : "2026-11-16T15:00:03Z", message: "",
    rowsRead: 3, rowsWritten: 2, rowsRejected: 1, foundNothing: false, refusals: [{ key: "a.txt", reason: "does not fit the layout" }],
  });

  it("is read as the run starts and with the list every 2 s until the run has ended (1,999 ms reads nothing)", async () => {
    const running = { ...job(RECORDINGS, "41"), logs: [log("running")] };
    const ended = { ...job(RECORDINGS), logs: [log("success")] };
    const loads: number[] = [];
    const reads: number[] = [];
    const statuses = ["running", "success"] as const;
    const followed = createActor(
      cronsMachine.provide({
        actors: {
          load: fromPromise(async () => (loads.push(loads.length), [[job(RECORDINGS)], [ended]][Math.min(loads.length - 1, 1)]!)),
          run: fromPromise(async () => running),
          loadRecordingsImport: fromPromise(async ({ input }: { input: { id: number } }) => (reads.push(input.id), report(statuses[Math.min(reads.length - 1, 1)]!))),
        },
      }),
      { input: { isAdmin: true } },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    followed.send({ type: "crons.run", id: RECORDINGS });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toEqual([41]);
    expect(selectRecordingsReport(followed.getSnapshot())).toMatchObject({ status: "running" });

    await vi.advanceTimersByTimeAsync(CRONS_RUNNING_POLL_MS - 1);
    expect(reads).toEqual([41]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toEqual([41, 41]);
    expect(selectRecordingsReport(followed.getSnapshot())).toMatchObject({ status: "success", rowsWritten: 2, refusals: [{ key: "a.txt" }] });

    await vi.advanceTimersByTimeAsync(CRONS_RUNNING_POLL_MS * 3);
    expect(reads).toEqual([41, 41]);
  });

  it("is not read for another job's run", async () => {
    const reads: number[] = [];
    const actor = createActor(
      cronsMachine.provide({
        actors: {
          load: fromPromise(async () => [job(1)]),
          run: fromPromise(async () => job(1, "8")),
          loadRecordingsImport: fromPromise(async ({ input }: { input: { id: number } }) => (reads.push(input.id), report("running"))),
        },
      }),
      { input: { isAdmin: true } },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "crons.run", id: 1 });
    await vi.advanceTimersByTimeAsync(CRONS_RUNNING_POLL_MS * 2);
    expect(reads).toEqual([]);
    expect(selectRecordingsReport(actor.getSnapshot())).toBeNull();
  });
});
