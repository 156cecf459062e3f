import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { components } from "../../../contract/schema";
import {
  feedbackMachine,
  MAX_ATTACHMENT_BYTES,
  MISSING_FIELDS_MESSAGE,
  senderPractice,
  type FeedbackPayload,
  type FeedbackSender,
} from "./feedback.machine";

type Practice = components["schemas"]["Practice"];

const practice = (id: number, practiceabbr: string): Practice => ({
  id,
  practiceabbr,
  practice: `Practice ${practiceabbr}`,
  region: "SMD",
  brands: ["denta"],
});
const practices = [practice(3, "SMD-AUST"), practice(4, "FSD-DALL"), practice(7, "OTD-WACO")];
const sender: FeedbackSender = {
  id: 2,
  firstname: "Marcus",
  lastname: "Reed",
  email: "marcus.reed@recalldesk.example",
  defaultLocationId: "4;3",
};
const PDF_DATA_URL = "data:application/pdf;base64,JVBERi0xLjQ=";

const never = <T>() => new Promise<T>(() => {});
const pdf = (name = "screen.pdf", size = 1200) => {
  const file = new File(["%PDF-1.4"], name, { type: "application/pdf" });
  Object.defineProperty(file, "size", { value: size });
  return file;
};

function start({
  loadPractices = async (_userId: number): Promise<Practice[]> => practices,
  readFile = async (_file: File, _signal: AbortSignal): Promise<string> => PDF_DATA_URL,
  sendFeedback = async (_payload: FeedbackPayload, _signal: AbortSignal): Promise<void> => undefined,
} = {}) {
  const stubs = { loadPractices: vi.fn(loadPractices), readFile: vi.fn(readFile), sendFeedback: vi.fn(sendFeedback) };
  const actor = createActor(
    feedbackMachine.provide({
      actors: {
        loadPractices: fromPromise(({ input }) => stubs.loadPractices(input.userId)),
        readFile: fromPromise(({ input, signal }) => stubs.readFile(input.file, signal)),
        sendFeedback: fromPromise(({ input, signal }) => stubs.sendFeedback(input, signal)),
      },
    }),
    { input: { sender } },
  ).start();
  return { actor, stubs };
}

type Actor = ReturnType<typeof start>["actor"];

function type(actor: Actor, subject: string, message: string) {
  actor.send({ type: "feedback.subject.change", value: subject });
  actor.send({ type: "feedback.message.change", value: message });
}

afterEach(() => vi.useRealTimers());

describe("feedback machine: validation (§5)", () => {
  it.each([
    ["both are empty", "", ""],
    ["the subject is blank", "   ", "The list does not load"],
    ["the message is blank", "Members list", " \n "],
  ])("alerts 'Please enter subject and message' and sends nothing when %s", (_, subject, message) => {
    const { actor, stubs } = start();
    type(actor, subject, message);
    actor.send({ type: "feedback.submit" });
    expect(actor.getSnapshot().matches({ editing: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.problem).toBe(MISSING_FIELDS_MESSAGE);
    expect(stubs.sendFeedback).not.toHaveBeenCalled();
  });

  it("clears the alert once the user types again", () => {
    const { actor } = start();
    actor.send({ type: "feedback.submit" });
    actor.send({ type: "feedback.subject.change", value: "M" });
    expect(actor.getSnapshot().context.problem).toBeNull();
  });
});

describe("feedback machine: the sender's practice", () => {
  it("names the sender's default practices by abbreviation, from the user's practices list", async () => {
    const { actor, stubs } = start();
    await waitFor(actor, (s) => s.context.practice !== "");
    expect(stubs.loadPractices).toHaveBeenCalledWith(2);
    expect(actor.getSnapshot().context.practice).toBe("FSD-DALL, SMD-AUST");
  });

  it("sends '' when the practices cannot be loaded, and the form works meanwhile", async () => {
    const { actor } = start({ loadPractices: async () => Promise.reject(new Error("offline")) });
    type(actor, "Subject", "Message");
    actor.send({ type: "feedback.submit" });
    await waitFor(actor, (s) => s.matches("sent"));
    expect(actor.getSnapshot().context.practice).toBe("");
  });

  it("reads '' for no default practice, skips unknown ids, and says All for more than 25 (§6)", () => {
    expect(senderPractice("", practices)).toBe("");
    expect(senderPractice("99;7", practices)).toBe("OTD-WACO");
    const many = Array.from({ length: 26 }, (_, index) => practice(index + 1, `P-${index + 1}`));
    expect(senderPractice(many.map((p) => p.id).join(";"), many)).toBe("All");
    expect(senderPractice(many.slice(0, 25).map((p) => p.id).join(";"), many)).toBe(many.slice(0, 25).map((p) => p.practiceabbr).join(", "));
  });

  it("keeps within the contract's 200 characters by counting the practices that do not fit", () => {
    const long = Array.from({ length: 25 }, (_, index) => practice(index + 1, `PRACTICE-${String(index + 1).padStart(2, "0")}`));
    const label = senderPractice(long.map((p) => p.id).join(";"), long);
    expect(label.length).toBeLessThanOrEqual(200);
    expect(label).toMatch(/^PRACTICE-01, PRACTICE-02, .* and \d+ more$/);
  });
});

describe("feedback machine: the attachment (§5: the first chosen file, read as a data URL)", () => {
  it("reads the chosen file, showing its name meanwhile", () => {
    const { actor, stubs } = start({ readFile: () => never() });
    const file = pdf();
    actor.send({ type: "feedback.file.choose", file });
    expect(actor.getSnapshot().matches({ editing: "readingFile" })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ file: { name: "screen.pdf", size: 1200 }, dataUrl: null });
    expect(stubs.readFile).toHaveBeenCalledWith(file, expect.any(AbortSignal));
  });

  it("keeps the data URL once the file is read", async () => {
    const { actor } = start();
    actor.send({ type: "feedback.file.choose", file: pdf() });
    await waitFor(actor, (s) => s.matches({ editing: "idle" }));
    expect(actor.getSnapshot().context).toMatchObject({ file: { name: "screen.pdf" }, dataUrl: PDF_DATA_URL, problem: null });
  });

  it("refuses a file over 7 MB without reading it, and keeps 7 MB exactly", async () => {
    const { actor, stubs } = start();
    actor.send({ type: "feedback.file.choose", file: pdf("scan.pdf", MAX_ATTACHMENT_BYTES + 1) });
    expect(actor.getSnapshot().matches({ editing: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.problem).toBe("“scan.pdf” is larger than 7 MB; attach a smaller file.");
    expect(actor.getSnapshot().context.file).toBeNull();
    expect(stubs.readFile).not.toHaveBeenCalled();

    actor.send({ type: "feedback.file.choose", file: pdf("scan.pdf", MAX_ATTACHMENT_BYTES) });
    await waitFor(actor, (s) => s.context.dataUrl !== null);
    expect(actor.getSnapshot().context.problem).toBeNull();
  });

  it("refuses an empty file", () => {
    const { actor, stubs } = start();
    actor.send({ type: "feedback.file.choose", file: pdf("empty.txt", 0) });
    expect(actor.getSnapshot().context.problem).toBe("“empty.txt” is empty; choose another file.");
    expect(stubs.readFile).not.toHaveBeenCalled();
  });

  it("says so when the file cannot be read", async () => {
    const { actor } = start({ readFile: async () => Promise.reject(new Error("NotReadableError")) });
    actor.send({ type: "feedback.file.choose", file: pdf() });
    await waitFor(actor, (s) => s.matches({ editing: "idle" }));
    expect(actor.getSnapshot().context).toMatchObject({
      file: null,
      dataUrl: null,
      problem: "“screen.pdf” could not be read; choose it again.",
    });
  });

  it("refuses a data URL the server would not accept", async () => {
    const { actor } = start({ readFile: async () => "data:" });
    actor.send({ type: "feedback.file.choose", file: pdf() });
    await waitFor(actor, (s) => s.matches({ editing: "idle" }));
    expect(actor.getSnapshot().context.problem).toBe("“screen.pdf” cannot be attached; choose another file.");
    expect(actor.getSnapshot().context.file).toBeNull();
  });

  it("reads the newer file when another is chosen during reading, cancelling the first", async () => {
    const signals: AbortSignal[] = [];
    const { actor } = start({
      readFile: (file, signal) => {
        signals.push(signal);
        return file.name === "first.pdf" ? never() : Promise.resolve(PDF_DATA_URL);
      },
    });
    actor.send({ type: "feedback.file.choose", file: pdf("first.pdf") });
    actor.send({ type: "feedback.file.choose", file: pdf("second.pdf") });
    await waitFor(actor, (s) => s.matches({ editing: "idle" }));
    expect(signals[0]?.aborted).toBe(true);
    expect(actor.getSnapshot().context.file?.name).toBe("second.pdf");
  });

  it("removes the attachment on request", async () => {
    const { actor } = start();
    actor.send({ type: "feedback.file.choose", file: pdf() });
    await waitFor(actor, (s) => s.context.dataUrl !== null);
    actor.send({ type: "feedback.file.remove" });
    expect(actor.getSnapshot().context).toMatchObject({ file: null, dataUrl: null });
  });

  it("does not send while the file is being read", () => {
    const { actor, stubs } = start({ readFile: () => never() });
    type(actor, "Subject", "Message");
    actor.send({ type: "feedback.file.choose", file: pdf() });
    expect(actor.getSnapshot().can({ type: "feedback.submit" })).toBe(false);
    actor.send({ type: "feedback.submit" });
    expect(actor.getSnapshot().matches({ editing: "readingFile" })).toBe(true);
    expect(stubs.sendFeedback).not.toHaveBeenCalled();
  });
});

describe("feedback machine: sending (§3 payload)", () => {
  it("sends the payload stamped MM/DD/YYYY hh:mm A at the moment of sending, then confirms", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2025, 2, 4, 14, 5, 30));
    const { actor, stubs } = start();
    await waitFor(actor, (s) => s.context.practice !== "");
    type(actor, "  Members list  ", " It does not load.\n");
    actor.send({ type: "feedback.file.choose", file: pdf() });
    await waitFor(actor, (s) => s.context.dataUrl !== null);

    vi.setSystemTime(new Date(2025, 2, 4, 14, 7, 0));
    actor.send({ type: "feedback.submit" });
    expect(actor.getSnapshot().value).toBe("sending");
    expect(actor.getSnapshot().can({ type: "feedback.submit" })).toBe(false);
    await waitFor(actor, (s) => s.matches("sent"));

    expect(stubs.sendFeedback).toHaveBeenCalledTimes(1);
    expect(stubs.sendFeedback.mock.calls[0]![0]).toEqual({
      subject: "Members list",
      message: "It does not load.",
      firstName: "Marcus",
      lastName: "Reed",
      email: "marcus.reed@recalldesk.example",
      practice: "FSD-DALL, SMD-AUST",
      file: PDF_DATA_URL,
      dateTime: "03/04/2025 02:07 PM",
    });
  });

  it("leaves the file out when none is attached", async () => {
    const { actor, stubs } = start();
    type(actor, "Subject", "Message");
    actor.send({ type: "feedback.submit" });
    await waitFor(actor, (s) => s.matches("sent"));
    expect(stubs.sendFeedback.mock.calls[0]![0]).not.toHaveProperty("file");
  });

  it("on failure keeps everything typed and attached, shows the server's answer, and sends again on retry", async () => {
    const sendFeedback = vi
      .fn<(payload: FeedbackPayload) => Promise<void>>()
      .mockRejectedValueOnce({ message: "Mail server unavailable", statusCode: 503 })
      .mockResolvedValueOnce(undefined);
    const { actor, stubs } = start({ sendFeedback });
    type(actor, "Subject", "Message");
    actor.send({ type: "feedback.file.choose", file: pdf() });
    await waitFor(actor, (s) => s.context.dataUrl !== null);

    actor.send({ type: "feedback.submit" });
    await waitFor(actor, (s) => s.matches({ editing: "failed" }));
    expect(actor.getSnapshot().context).toMatchObject({
      subject: "Subject",
      message: "Message",
      file: { name: "screen.pdf" },
      dataUrl: PDF_DATA_URL,
      failure: { message: "Mail server unavailable", statusCode: 503 },
    });

    actor.send({ type: "feedback.submit" });
    expect(actor.getSnapshot().context.failure).toBeNull();
    await waitFor(actor, (s) => s.matches("sent"));
    expect(stubs.sendFeedback).toHaveBeenCalledTimes(2);
    expect(stubs.sendFeedback.mock.calls[1]![0]).toMatchObject({ subject: "Subject", file: PDF_DATA_URL });
  });

  it("checks the fields again on retry, and lets the user dismiss the failure", async () => {
    const { actor, stubs } = start({ sendFeedback: async () => Promise.reject({ message: "Bad", statusCode: 400 }) });
    type(actor, "Subject", "Message");
    actor.send({ type: "feedback.submit" });
    await waitFor(actor, (s) => s.matches({ editing: "failed" }));

    actor.send({ type: "feedback.failure.dismiss" });
    expect(actor.getSnapshot().matches({ editing: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.failure).toBeNull();

    actor.send({ type: "feedback.submit" });
    await waitFor(actor, (s) => s.matches({ editing: "failed" }));
    actor.send({ type: "feedback.subject.change", value: " " });
    actor.send({ type: "feedback.submit" });
    expect(actor.getSnapshot().matches({ editing: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.problem).toBe(MISSING_FIELDS_MESSAGE);
    expect(stubs.sendFeedback).toHaveBeenCalledTimes(2);
  });

  it("cancels the request when the dialog closes while sending", () => {
    const signals: AbortSignal[] = [];
    const { actor } = start({
      sendFeedback: (_, signal) => {
        signals.push(signal);
        return never();
      },
    });
    type(actor, "Subject", "Message");
    actor.send({ type: "feedback.submit" });
    actor.stop();
    expect(signals[0]?.aborted).toBe(true);
  });
});
