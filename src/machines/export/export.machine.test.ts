import { describe, expect, it, vi } from "vitest";
import { createActor, fromCallback } from "xstate";
import { exportMachine, type ExportEvent, type ExportRequest } from "./export.machine";
import { selectExportProgress, selectExportStatus } from "./export.selectors";

const REQUEST: ExportRequest = { report: "members", query: { status: "New Patient" } };

/** A stream stub the test drives: it hands out `sendBack`, and counts starts and stops (aborts). */
function start() {
  const stream = { sendBack: (_event: ExportEvent) => {}, inputs: [] as ExportRequest[], stopped: 0 };
  const saved = vi.fn();
  const failures = vi.fn();
  const actor = createActor(
    exportMachine.provide({
      actors: {
        streamExport: fromCallback<ExportEvent, ExportRequest>(({ input, sendBack }) => {
          stream.inputs.push(input);
          stream.sendBack = sendBack;
          return () => {
            stream.stopped += 1;
          };
        }),
      },
      actions: { saveExport: (_, file) => saved(file), reportFailure: (_, { failure }) => failures(failure) },
    }),
  ).start();
  return { actor, stream, saved, failures };
}

describe("export machine", () => {
  it("streams the request, shows rows received of rows announced, then saves the file", () => {
    const { actor, stream, saved } = start();
    actor.send({ type: "export.start", request: REQUEST });
    expect(stream.inputs).toEqual([REQUEST]);
    stream.sendBack({ type: "export.progress", rows: 2000, total: 8000 });
    expect(selectExportProgress(actor.getSnapshot())).toEqual({ rows: 2000, total: 8000, share: 0.25 });
    const file = { fileName: "Members-2026-11-24.csv", parts: ["a"], rows: 8000 };
    stream.sendBack({ type: "export.received", file });
    expect(selectExportStatus(actor.getSnapshot())).toBe("saved");
    expect(saved).toHaveBeenCalledWith(file);
    expect(actor.getSnapshot().context.fileName).toBe("Members-2026-11-24.csv");
  });

  it("cancels: the stream is stopped (its download aborted) and nothing is saved", () => {
    const { actor, stream, saved } = start();
    actor.send({ type: "export.start", request: REQUEST });
    stream.sendBack({ type: "export.progress", rows: 10, total: 1000 });
    actor.send({ type: "export.cancel" });
    expect(selectExportStatus(actor.getSnapshot())).toBe("cancelled");
    expect(stream.stopped).toBe(1);
    expect(saved).not.toHaveBeenCalled();
  });

  it("runs one export at a time, and a new one starts afresh once the last ended", () => {
    const { actor, stream } = start();
    actor.send({ type: "export.start", request: REQUEST });
    actor.send({ type: "export.start", request: { report: "priorityStatus", query: {} } });
    expect(stream.inputs).toHaveLength(1);
    actor.send({ type: "export.cancel" });
    actor.send({ type: "export.start", request: { report: "priorityStatus", query: {} } });
    expect(stream.inputs).toHaveLength(2);
    expect(selectExportProgress(actor.getSnapshot())).toEqual({ rows: 0, total: null, share: null });
  });

  it("reports a failure and shows it until dismissed", () => {
    const { actor, stream, failures } = start();
    actor.send({ type: "export.start", request: REQUEST });
    const failure = { message: "Invalid request: status", statusCode: 400 };
    stream.sendBack({ type: "export.failed", failure });
    expect(selectExportStatus(actor.getSnapshot())).toBe("failed");
    expect(failures).toHaveBeenCalledWith(failure);
    actor.send({ type: "export.dismiss" });
    expect(selectExportStatus(actor.getSnapshot())).toBe("idle");
  });

  it("counts an empty export (header only) as done", () => {
    const { actor, stream } = start();
    actor.send({ type: "export.start", request: REQUEST });
    stream.sendBack({ type: "export.progress", rows: 0, total: 0 });
    expect(selectExportProgress(actor.getSnapshot()).share).toBe(1);
  });
});
