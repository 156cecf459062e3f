import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { MAX_BODY_BYTES } from "../../../contract/errors";
import { ApiError } from "../../api/errors";
import { IMPORT_PROGRESS_POLL_MS } from "../../lib/constants";
import { fileImportMachine, type ChosenFile, type FeedImport, type FeedImportRun, type FileImport, type FileImportKind, type FileUpload, type MemberImport } from "./fileImport.machine";

const MEMBERS_CSV = "Subscriber_ID,MCO,First_Name,Last_Name,Practice,Date_of_Birth\n1,DentaQuest CHIP,Ana,Diaz,SM-HOUS,2015-01-02\n";
function file(name = "DENTA_ELIG_20261116.csv", size?: number): ChosenFile {
  const chosen = new File([MEMBERS_CSV], name, { type: "text/csv", lastModified: Date.UTC(2026, 10, 16, 6) });
  if (size !== undefined) Object.defineProperty(chosen, "size", { value: size });
  return chosen;
}
const COUNTS = { startedAt: "2026-11-16T15:00:00.000Z", endedAt: null, message: "Running", bytesRead: 0, bytesTotal: 200, rowsRead: 0, rowsWritten: 0, rowsRejected: 0, rejections: [] };
const memberRun = (overrides: Partial<MemberImport> = {}): MemberImport => ({ id: 41, status: "running", file: "DENTA_ELIG_20261116.csv", brand: "denta", ...COUNTS, ...overrides });
const feedRun = (overrides: Partial<FeedImport> = {}): FeedImport => ({ id: 7, status: "running", feed: "appointments", file: "appointments_20261118.csv", ...COUNTS, ...overrides });

const MEMBER_ANSWERS = () => [
  memberRun({ bytesRead: 100, rowsRead: 1 }),
  memberRun({ status: "success", bytesRead: 200, rowsRead: 2, rowsWritten: 1, rowsRejected: 1, rejections: [{ line: 3, reason: "missing Last_Name" }] }),
];
const FEED_ANSWERS = () => [feedRun({ bytesRead: 100 }), feedRun({ status: "success", bytesRead: 200, rowsRead: 1, rowsWritten: 1 })];

interface Stubs {
  loadRuns?: () => Promise<FeedImportRun[]>;
  uploadFile?: (upload: FileUpload) => Promise<FileImport>;
}

/** The machine on one kind of file; its run is answered as started, then running, then finished. */
function start(kind: FileImportKind, { loadRuns = async () => [], uploadFile }: Stubs = {}) {
  const answers: FileImport[] = kind === "members" ? MEMBER_ANSWERS() : FEED_ANSWERS();
  const stubs = {
    loadRuns: vi.fn(loadRuns),
    uploadFile: vi.fn(uploadFile ?? (async () => (kind === "members" ? memberRun() : feedRun()))),
    loadImport: vi.fn(async (_: { kind: FileImportKind; id: number }) => answers.shift()!),
  };
  const actor = createActor(
    fileImportMachine.provide({
      actors: {
        loadRuns: fromPromise(() => stubs.loadRuns()),
        uploadFile: fromPromise(({ input }) => stubs.uploadFile(input)),
        loadImport: fromPromise(({ input }) => stubs.loadImport(input)),
      },
    }),
    { input: { kind } },
  ).start();
  return { actor, stubs };
}

type Actor = ReturnType<typeof start>["actor"];

/** Lets the promises due now settle (a load, an upload), without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** Chooses a file and sends it, as the administrator does with the file picker and Import. */
async function upload(actor: Actor, chosen: ChosenFile = file()) {
  actor.send({ type: "fileImport.file.choose", file: chosen });
  actor.send({ type: "fileImport.start" });
  await settle();
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("file import machine, a member file", () => {
  it("reads the payer from the file's name, sends the file itself, and follows the run every second until it ends", async () => {
    const { actor, stubs } = start("members");
    expect(actor.getSnapshot().value).toBe("choosing");
    const chosen = file();
    await upload(actor, chosen);
    expect(actor.getSnapshot().context.target).toBe("denta");
    expect(stubs.uploadFile).toHaveBeenCalledWith({ kind: "members", file: chosen, target: "denta" });
    expect(actor.getSnapshot().value).toBe("following");

    await vi.advanceTimersByTimeAsync(IMPORT_PROGRESS_POLL_MS - 1);
    expect(stubs.loadImport).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(stubs.loadImport).toHaveBeenCalledWith({ kind: "members", id: 41 });
    expect(actor.getSnapshot().context.run?.bytesRead).toBe(100);

    await vi.advanceTimersByTimeAsync(IMPORT_PROGRESS_POLL_MS);
    expect(actor.getSnapshot().matches("finished")).toBe(true);
    expect(actor.getSnapshot().context.run?.rejections).toEqual([{ line: 3, reason: "missing Last_Name" }]);
    await vi.advanceTimersByTimeAsync(IMPORT_PROGRESS_POLL_MS * 3);
    expect(stubs.loadImport).toHaveBeenCalledTimes(2);
    // Member files list no runs.
    expect(stubs.loadRuns).not.toHaveBeenCalled();

    actor.send({ type: "fileImport.again" });
    expect(actor.getSnapshot().value).toBe("choosing");
    expect(actor.getSnapshot().context.file).toBeNull();
  });

  it("asks for the payer when the name names none, and sends nothing until it is given", () => {
    const { actor } = start("members");
    actor.send({ type: "fileImport.file.choose", file: file("eligibility.csv") });
    expect(actor.getSnapshot().can({ type: "fileImport.start" })).toBe(false);
    actor.send({ type: "fileImport.target.change", target: "mcna" });
    expect(actor.getSnapshot().can({ type: "fileImport.start" })).toBe(true);
  });

  it("refuses a file that is not CSV, empty or too large before sending anything", async () => {
    const { actor, stubs } = start("members");
    actor.send({ type: "fileImport.file.choose", file: file("DENTA.xlsx") });
    expect(actor.getSnapshot().context.problem).toMatch(/^DENTA\.xlsx is not a CSV file: export the payer's list/);
    expect(actor.getSnapshot().can({ type: "fileImport.start" })).toBe(false);

    actor.send({ type: "fileImport.file.choose", file: file("DENTA.csv", 0) });
    expect(actor.getSnapshot().context.problem).toBe("DENTA.csv is empty");

    actor.send({ type: "fileImport.file.choose", file: file("DENTA.csv", MAX_BODY_BYTES) });
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.send({ type: "fileImport.file.choose", file: file("DENTA.csv", MAX_BODY_BYTES + 1) });
    expect(actor.getSnapshot().context.problem).toMatch(/^DENTA\.csv is 10 MB: files up to 10 MB can be imported from the browser/);
    actor.send({ type: "fileImport.start" });
    await settle();
    expect(actor.getSnapshot().value).toBe("choosing");
    expect(stubs.uploadFile).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and lets the administrator choose again", async () => {
    const refusal = new ApiError({ message: "Invalid request: body", statusCode: 400, details: [{ field: "body", message: "is not a members file" }] });
    const { actor } = start("members", { uploadFile: async () => Promise.reject(refusal) });
    await upload(actor);
    expect(actor.getSnapshot().value).toBe("choosing");
    expect(actor.getSnapshot().context.failure).toEqual({ message: "Invalid request: body", statusCode: 400, fields: ["body"], problems: ["is not a members file"] });
  });

  it("keeps the run when asking about it fails, and asks again on retry", async () => {
    const { actor, stubs } = start("members");
    stubs.loadImport.mockRejectedValueOnce(new Error("The server could not be reached."));
    await upload(actor);
    await vi.advanceTimersByTimeAsync(IMPORT_PROGRESS_POLL_MS);
    expect(actor.getSnapshot().value).toBe("followFailed");
    actor.send({ type: "fileImport.retry" });
    await settle();
    expect(actor.getSnapshot().context.run?.bytesRead).toBe(100);
    expect(actor.getSnapshot().value).toBe("following");
  });
});

describe("file import machine, a practice feed's file", () => {
  it("lists the runs, takes the feed from the file's name, sends it and follows the run every poll until it ends", async () => {
    const { actor, stubs } = start("feeds");
    expect(actor.getSnapshot().value).toBe("loading");
    await settle();
    expect(actor.getSnapshot().value).toBe("choosing");
    const chosen = file("appointments_20261118.csv");
    await upload(actor, chosen);
    expect(actor.getSnapshot().context.target).toBe("appointments");
    expect(stubs.uploadFile).toHaveBeenCalledWith({ kind: "feeds", file: chosen, target: "appointments" });
    expect(actor.getSnapshot().value).toBe("following");
    await vi.advanceTimersByTimeAsync(IMPORT_PROGRESS_POLL_MS - 1);
    expect(stubs.loadImport).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(stubs.loadImport).toHaveBeenCalledWith({ kind: "feeds", id: 7 });
    await vi.advanceTimersByTimeAsync(IMPORT_PROGRESS_POLL_MS);
    expect(actor.getSnapshot().matches("finished")).toBe(true);
    expect(stubs.loadRuns).toHaveBeenCalledTimes(2);
    actor.send({ type: "fileImport.again" });
    await settle();
    expect(stubs.loadRuns).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().context.run).toBeNull();
  });

  it("needs a feed for a file whose name names none, and refuses a file that is not CSV before sending", async () => {
    const { actor, stubs } = start("feeds");
    await settle();
    actor.send({ type: "fileImport.file.choose", file: file("schedule.csv") });
    expect(actor.getSnapshot().can({ type: "fileImport.start" })).toBe(false);
    actor.send({ type: "fileImport.target.change", target: "leads" });
    expect(actor.getSnapshot().can({ type: "fileImport.start" })).toBe(true);
    actor.send({ type: "fileImport.file.choose", file: file("leads.xlsx") });
    expect(actor.getSnapshot().context.problem).toMatch(/^leads\.xlsx is not a CSV file: export the practice's data/);
    actor.send({ type: "fileImport.start" });
    expect(stubs.uploadFile).not.toHaveBeenCalled();
  });

  it("says when the runs could not be read, and reads them again on retry", async () => {
    const { actor, stubs } = start("feeds", { loadRuns: async () => Promise.reject(new Error("offline")) });
    await settle();
    expect(actor.getSnapshot().value).toBe("loadFailed");
    stubs.loadRuns.mockResolvedValueOnce([]);
    actor.send({ type: "fileImport.retry" });
    await settle();
    expect(actor.getSnapshot().value).toBe("choosing");
  });
});
