import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { IMPORT_PROGRESS_POLL_MS } from "../../lib/constants";
import type { ChosenFile } from "../memberImport/memberImport.machine";
import { feedImportMachine, type FeedFileUpload, type FeedImport, type FeedImportRun } from "./feedImport.machine";

const CSV = "Practice,PatNum,AptNum,AptDateTime,AptStatus,DateTStamp\nSM-HOUS,1,2,2030-01-15 09:00,Scheduled,2026-11-17 10:00\n";
const file = (name = "appointments_20261118.csv"): ChosenFile => new File([CSV], name, { type: "text/csv", lastModified: 0 });
const run = (overrides: Partial<FeedImport> = {}): FeedImport => ({
  id: 7,
  status: "running",
  feed: "appointments",
  file: "appointments_20261118.csv",
  startedAt: "2026-11-18T15:00:00.000Z",
  endedAt: null,
  message: "Running",
  bytesRead: 0,
  bytesTotal: 200,
  rowsRead: 0,
  rowsWritten: 0,
  rowsRejected: 0,
  rejections: [],
  ...overrides,
});

function start(loadRuns: () => Promise<FeedImportRun[]> = async () => []) {
  const answers = [run({ bytesRead: 100 }), run({ status: "success", bytesRead: 200, rowsRead: 1, rowsWritten: 1 })];
  const stubs = {
    loadRuns: vi.fn(loadRuns),
    uploadFile: vi.fn(async (_: FeedFileUpload) => run()),
    loadImport: vi.fn(async (_: { id: number }) => answers.shift()!),
  };
  const actor = createActor(
    feedImportMachine.provide({
      actors: {
        loadRuns: fromPromise(() => stubs.loadRuns()),
        uploadFile: fromPromise(({ input }) => stubs.uploadFile(input)),
        loadImport: fromPromise(({ input }) => stubs.loadImport(input)),
      },
    }),
  ).start();
  return { actor, stubs };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("feedImport machine", () => {
  it("lists the runs, takes the feed from the file's name, sends it and follows the run every poll until it ends", async () => {
    const { actor, stubs } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe("choosing");
    const chosen = file();
    actor.send({ type: "feedImport.file.choose", file: chosen });
    expect(actor.getSnapshot().context.feed).toBe("appointments");
    actor.send({ type: "feedImport.start" });
    await vi.advanceTimersByTimeAsync(0);
    expect(stubs.uploadFile).toHaveBeenCalledWith({ file: chosen, feed: "appointments" });
    expect(actor.getSnapshot().value).toBe("following");
    await vi.advanceTimersByTimeAsync(IMPORT_PROGRESS_POLL_MS - 1);
    expect(stubs.loadImport).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(stubs.loadImport).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(IMPORT_PROGRESS_POLL_MS);
    expect(actor.getSnapshot().value).toBe("finished");
    expect(stubs.loadRuns).toHaveBeenCalledTimes(2);
    actor.send({ type: "feedImport.again" });
    await vi.advanceTimersByTimeAsync(0);
    expect(stubs.loadRuns).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().context.run).toBeNull();
  });

  it("needs a feed for a file whose name names none, and refuses a file that is not CSV before sending", async () => {
    const { actor, stubs } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "feedImport.file.choose", file: file("schedule.csv") });
    expect(actor.getSnapshot().can({ type: "feedImport.start" })).toBe(false);
    actor.send({ type: "feedImport.feed.change", feed: "leads" });
    expect(actor.getSnapshot().can({ type: "feedImport.start" })).toBe(true);
    actor.send({ type: "feedImport.file.choose", file: file("leads.xlsx") });
    expect(actor.getSnapshot().context.problem).toMatch(/^leads\.xlsx is not a CSV file/);
    actor.send({ type: "feedImport.start" });
    expect(stubs.uploadFile).not.toHaveBeenCalled();
  });

  it("says when the runs could not be read, and reads them again on retry", async () => {
    const { actor, stubs } = start(async () => {
      throw new Error("offline");
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe("loadFailed");
    stubs.loadRuns.mockResolvedValueOnce([]);
    actor.send({ type: "feedImport.retry" });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe("choosing");
  });
});
