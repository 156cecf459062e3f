import { describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { downloadMachine } from "./download.machine";

describe("download machine", () => {
  it("hands every requested file to saveFile", () => {
    const saveFile = vi.fn();
    const actor = createActor(downloadMachine.provide({ actions: { saveFile: (_, file) => saveFile(file) } })).start();
    const file = { fileName: "PriorityStatus.csv", content: "Location\r\nA", mimeType: "text/csv" };
    actor.send({ type: "download.file", file });
    actor.send({ type: "download.file", file });
    expect(saveFile).toHaveBeenCalledTimes(2);
    expect(saveFile).toHaveBeenCalledWith(file);
  });
});
