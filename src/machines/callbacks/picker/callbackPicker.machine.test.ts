// The callback picker with a stubbed booking call: presets counted from the (fake) clock in the
// member's zone, what it sends, a 400's field messages, a 409's current callback, Skip, and the
// booked notice closing after its delay.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { ApiError } from "../../../api/errors";
import { callbackPickerMachine, type BookCallbackRequest, type BookingOutcome, type Callback, type PickerMember } from "./callbackPicker.machine";
import * as picker from "./callbackPicker.selectors";

const CHICAGO = "America/Chicago";
const callback = (overrides: Partial<Callback> = {}): Callback => ({
  id: 4,
  memberId: 12,
  dueAt: "2026-11-30T21:00:00.000Z",
  timeZone: CHICAGO,
  note: "After school",
  status: "open",
  version: 2,
  owner: { id: 7, firstname: "Marcus", lastname: "Reed" },
  ownerUntil: "2026-11-30T21:30:00.000Z",
  bookedBy: { id: 7, firstname: "Marcus", lastname: "Reed" },
  bookedAt: "2026-11-27T15:00:00.000Z",
  ...overrides,
});
const member = (overrides: Partial<PickerMember> = {}): PickerMember => ({ id: 12, name: "Ana Lopez", timeZone: CHICAGO, callback: null, ...overrides });

function start(answer: (request: BookCallbackRequest) => Promise<BookingOutcome>) {
  const sent: BookCallbackRequest[] = [];
  const actor = createActor(
    callbackPickerMachine.provide({
      actors: { bookCallback: fromPromise<BookingOutcome, BookCallbackRequest>(async ({ input }) => (sent.push(input), answer(input))) },
    }),
  ).start();
  return { actor, sent };
}

describe("callback picker", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Friday 27 November 2026, 10:07 in Chicago.
    vi.setSystemTime(new Date("2026-11-27T16:07:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("fills the presets in the member's local time and books the chosen one with the note", async () => {
    const { actor, sent } = start(async () => ({ booked: callback({ version: 1 }) }));
    actor.send({ type: "callback.picker.open", member: member() });
    expect(picker.selectPickerOpen(actor.getSnapshot())).toBe(true);
    expect(picker.selectCanBook(actor.getSnapshot())).toBe(false);

    actor.send({ type: "callback.preset", preset: "in2Hours" });
    expect(picker.selectChoice(actor.getSnapshot())).toMatchObject({ date: "2026-11-27", time: "12:10" });
    actor.send({ type: "callback.preset", preset: "tomorrow9" });
    expect(picker.selectChoice(actor.getSnapshot())).toMatchObject({ date: "2026-11-28", time: "09:00" });
    actor.send({ type: "callback.preset", preset: "nextMonday9" });
    expect(picker.selectChoice(actor.getSnapshot())).toMatchObject({ date: "2026-11-30", time: "09:00" });

    actor.send({ type: "callback.note.change", note: "  Ask for the mother  " });
    actor.send({ type: "callback.book" });
    await vi.advanceTimersByTimeAsync(0);
    // 9:00 in Chicago on 30 November is 15:00 UTC.
    expect(sent).toEqual([{ memberId: 12, dueAt: "2026-11-30T15:00:00.000Z", seenVersion: 0, note: "Ask for the mother" }]);
    expect(picker.selectBooked(actor.getSnapshot())?.id).toBe(4);
  });

  it("closes the booked notice after 2.5 s, not before", async () => {
    const { actor } = start(async () => ({ booked: callback() }));
    actor.send({ type: "callback.picker.open", member: member() });
    actor.send({ type: "callback.preset", preset: "tomorrow9" });
    actor.send({ type: "callback.book" });
    await vi.advanceTimersByTimeAsync(2499);
    expect(picker.selectPickerOpen(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(picker.selectPickerOpen(actor.getSnapshot())).toBe(false);
  });

  it("opens on a member's open callback, in their zone, and moves it on the version seen", async () => {
    const { actor, sent } = start(async () => ({ booked: callback({ version: 3 }) }));
    actor.send({ type: "callback.picker.open", member: member({ callback: callback() }) });
    expect(picker.selectChoice(actor.getSnapshot())).toEqual({ date: "2026-11-30", time: "15:00", note: "After school" });
    actor.send({ type: "callback.time.change", time: "16:30" });
    actor.send({ type: "callback.book" });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent[0]).toMatchObject({ dueAt: "2026-11-30T22:30:00.000Z", seenVersion: 2 });
  });

  it("shows a 400's messages by field and books nothing until the time is changed", async () => {
    const refusal = new ApiError({ message: "Invalid request", statusCode: 400, details: [{ field: "dueAt", message: "must be inside the calling window" }] });
    const { actor } = start(async () => Promise.reject(refusal));
    actor.send({ type: "callback.picker.open", member: member() });
    actor.send({ type: "callback.book" });
    expect(picker.selectFieldErrors(actor.getSnapshot())).toEqual({ dueAt: "Choose a date and a time, or a preset." });
    actor.send({ type: "callback.date.change", date: "2026-11-28" });
    actor.send({ type: "callback.time.change", time: "22:00" });
    actor.send({ type: "callback.book" });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe("editing");
    expect(picker.selectFieldErrors(actor.getSnapshot())).toEqual({ dueAt: "must be inside the calling window" });
    actor.send({ type: "callback.time.change", time: "10:00" });
    expect(picker.selectFieldErrors(actor.getSnapshot())).toEqual({});
  });

  it("shows the callback another booking moved meanwhile (409), and books again on its version", async () => {
    const current = callback({ version: 5, bookedBy: { id: 9, firstname: "Priya", lastname: "Natarajan" } });
    const answers: BookingOutcome[] = [{ conflict: current }, { booked: callback({ version: 6 }) }];
    const { actor, sent } = start(async () => answers.shift()!);
    actor.send({ type: "callback.picker.open", member: member({ callback: callback() }) });
    actor.send({ type: "callback.book" });
    await vi.advanceTimersByTimeAsync(0);
    expect(picker.selectConflict(actor.getSnapshot())).toEqual({ current });
    actor.send({ type: "callback.book" });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((request) => request.seenVersion)).toEqual([2, 5]);
    expect(picker.selectBooked(actor.getSnapshot())?.version).toBe(6);
  });

  it("books nothing on Skip", () => {
    const { actor, sent } = start(async () => ({ booked: callback() }));
    actor.send({ type: "callback.picker.open", member: member() });
    actor.send({ type: "callback.preset", preset: "in2Hours" });
    actor.send({ type: "callback.skip" });
    expect(picker.selectPickerOpen(actor.getSnapshot())).toBe(false);
    expect(sent).toEqual([]);
  });
});
