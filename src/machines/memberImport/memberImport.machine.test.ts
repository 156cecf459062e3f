import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { MAX_BODY_BYTES } from "../../../contract/errors";
import { IMPORT_PROGRESS_POLL_MS } from "../../lib/constants";
import { memberImportMachine, type ChosenFile, type MemberFileUpload, type MemberImport } from "./memberImport.machine";

const CSV = "Subscriber_ID,MCO,First_Name,Last_Name,Practice,Date_of_Birth\n1,DentaQuest CHIP,Ana,Diaz,SM-HOUS,2015-01-02\n";
function file(name = "DENTA_ELIG_20261116.csv", size?: number): ChosenFile {
  const chosen = new File([CSV], name, { type: "text/csv", lastModified: Date.UTC(2026, 10, 16, 6) });
  if (size !== undefined) Object.defineProperty(chosen, "size", { value: size });
  return chosen;
}
const run = (overrides: Partial<MemberImport> = {}): MemberImport => ({
  id: 41,
  status: "running",
  file: "DENTA_ELIG_20261116.csv",
  brand: "denta",
  startedAt: "2026-11-16T15:00:00.000Z",
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

function start(answers: MemberImport[] = [run({ bytesRead: 100, rowsRead: 1 }), run({ status: "success", bytesRead: 200, rowsRead: 2, rowsWritten: 1, rowsRejected: 1, rejections: [{ line: 3, reason: "missing Last_Name" }] })]) {
  const stubs = {
    uploadFile: vi.fn(async (_: MemberFileUpload) => run()),
    loadImport: vi.fn(async (_: { id: number }) => answers.shift()!),
  };
  const actor = createActor(
    memberImportMachine.provide({
      actors: {
        uploadFile: fromPromise(({ input }) => stubs.uploadFile(input)),
        loadImport: fromPromise(({ input }) => stubs.loadImport(input)),
      },
    }),
  ).start();
  return { actor, stubs };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("member import machine", () => {
  it("reads the payer from the file's name, sends the file itself with its time, and follows the run every second until it ends", async () => {
    const { actor, stubs } = start();
    const chosen = file();
    actor.send({ type: "memberImport.file.choose", file: chosen });
    expect(actor.getSnapshot().context.brand).toBe("denta");
    actor.send({ type: "memberImport.start" });
    await vi.advanceTimersByTimeAsync(0);
    expect(stubs.uploadFile).toHaveBeenCalledWith({ file: chosen, brand: "denta", extractedAt: "2026-11-16T06:00:00.000Z" });
    expect(actor.getSnapshot().value).toBe("following");

    await vi.advanceTimersByTimeAsync(IMPORT_PROGRESS_POLL_MS - 1);
    expect(stubs.loadImport).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(stubs.loadImport).toHaveBeenCalledWith({ id: 41 });
    expect(actor.getSnapshot().context.run?.bytesRead).toBe(100);

    await vi.advanceTimersByTimeAsync(IMPORT_PROGRESS_POLL_MS);
    expect(actor.getSnapshot().value).toBe("finished");
    expect(actor.getSnapshot().context.run?.rejections).toEqual([{ line: 3, reason: "missing Last_Name" }]);
    await vi.advanceTimersByTimeAsync(IMPORT_PROGRESS_POLL_MS * 3);
    expect(stubs.loadImport).toHaveBeenCalledTimes(2);

    actor.send({ type: "memberImport.again" });
    expect(actor.getSnapshot().value).toBe("choosing");
    expect(actor.getSnapshot().context.file).toBeNull();
  });

  it("asks for the payer when the name names none, and sends nothing until it is given", () => {
    const { actor } = start();
    actor.send({ type: "memberImport.file.choose", file: file("eligibility.csv") });
    expect(actor.getSnapshot().can({ type: "memberImport.start" })).toBe(false);
    actor.send({ type: "memberImport.brand.change", brand: "mcna" });
    expect(actor.getSnapshot().can({ type: "memberImport.start" })).toBe(true);
  });

  it("refuses a file that is not CSV, empty or too large before sending anything", async () => {
    const { actor, stubs } = start();
    actor.send({ type: "memberImport.file.choose", file: file("DENTA.xlsx") });
    expect(actor.getSnapshot().context.problem).toMatch(/^DENTA\.xlsx is not a CSV file/);
    expect(actor.getSnapshot().can({ type: "memberImport.start" })).toBe(false);

    actor.send({ type: "memberImport.file.choose", file: file("DENTA.csv", 0) });
    expect(actor.getSnapshot().context.problem).toBe("DENTA.csv is empty");

    actor.send({ type: "memberImport.file.choose", file: file("DENTA.csv", MAX_BODY_BYTES) });
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.send({ type: "memberImport.file.choose", file: file("DENTA.csv", MAX_BODY_BYTES + 1) });
    expect(actor.getSnapshot().context.problem).toMatch(/^DENTA\.csv is 10 MB: files up to 10 MB can be imported from the browser/);
    actor.send({ type: "memberImport.start" });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe("choosing");
    expect(stubs.uploadFile).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and lets the administrator choose again", async () => {
    const { actor, stubs } = start();
    stubs.uploadFile.mockRejectedValueOnce(Object.assign(new Error("Invalid request: body"), { statusCode: 400, details: [{ field: "body", message: "is not a members file" }] }));
    actor.send({ type: "memberImport.file.choose", file: file() });
    actor.send({ type: "memberImport.start" });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe("choosing");
    expect(actor.getSnapshot().context.failure).toEqual({ message: "Invalid request: body", statusCode: 400, fields: ["body"], problems: ["is not a members file"] });
  });

  it("keeps the run when asking about it fails, and asks again on retry", async () => {
    const { actor, stubs } = start();
    stubs.loadImport.mockRejectedValueOnce(new Error("The server could not be reached."));
    actor.send({ type: "memberImport.file.choose", file: file() });
    actor.send({ type: "memberImport.start" });
    await vi.advanceTimersByTimeAsync(IMPORT_PROGRESS_POLL_MS);
    expect(actor.getSnapshot().value).toBe("followFailed");
    actor.send({ type: "memberImport.retry" });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.run?.bytesRead).toBe(100);
    expect(actor.getSnapshot().value).toBe("following");
  });
});
