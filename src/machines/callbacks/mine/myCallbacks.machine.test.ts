// My callbacks beside a stand-in list that emits its stream's events: the agent's callbacks due
// first, changed in place by callback events, read again for a member not seen yet or after a
// reconnect, marked at their due time (fake timers), and opening one shows its member in the list.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, emit, fromPromise, setup, type AnyEventObject } from "xstate";
import type { LiveEvent } from "../../../../domain/team/events.ts";
import type { ListEmitted } from "../../members/list/list.types";
import type { ListRef } from "../../members/list/list.follow";
import { myCallbacksMachine, type CallbackItem } from "./myCallbacks.machine";
import * as mine from "./myCallbacks.selectors";

const ME = { id: 7, firstname: "Marcus", lastname: "Reed" };
const PRIYA = { id: 9, firstname: "Priya", lastname: "Natarajan" };
const NOW = Date.parse("2026-11-27T16:00:00Z");
const MIN = 60_000;

function item(id: number, dueInMin: number, overrides: Partial<CallbackItem> = {}): CallbackItem {
  const dueAt = new Date(NOW + dueInMin * MIN).toISOString();
  return {
    id,
    memberId: 100 + id,
    dueAt,
    timeZone: "America/Chicago",
    note: "",
    status: "open",
    version: 1,
    owner: ME,
    ownerUntil: dueAt,
    bookedBy: ME,
    bookedAt: new Date(NOW - MIN).toISOString(),
    member: { id: 100 + id, Subscriber_ID: `S${id}`, PatNum: "", practiceId: 3, Practice: "SMA", First_Name: "Ana", Last_Name: `Lopez${id}`, Phone: "", Result: "Contact Made Call Back" },
    ...overrides,
  };
}
const { member: _member, ...bare } = item(0, 0);
type Change = Extract<LiveEvent, { event: "callback" }>["data"]["change"];
const callbackEvent = (change: Change, callback: Partial<typeof bare> & { id: number }): LiveEvent => ({
  event: "callback",
  data: { memberId: 100 + callback.id, change, callback: { ...bare, memberId: 100 + callback.id, ...callback } },
});

/** A stand-in list: emits what the test tells it to, and logs every event it is sent. */
function fakeList(told: AnyEventObject[]) {
  return createActor(
    setup({ types: { events: {} as AnyEventObject, emitted: {} as ListEmitted } }).createMachine({
      on: {
        "test.emit": { actions: emit(({ event }) => event.emitted as ListEmitted) },
        "*": { actions: ({ event }) => void told.push(event) },
      },
    }),
  ).start();
}

function start(answers: CallbackItem[][]) {
  const told: AnyEventObject[] = [];
  const list = fakeList(told);
  let loads = 0;
  const actor = createActor(
    myCallbacksMachine.provide({ actors: { loadMyCallbacks: fromPromise(async () => answers[Math.min(loads++, answers.length - 1)]!) } }),
    { input: { list: list as unknown as ListRef, userId: ME.id } },
  ).start();
  const stream = (emitted: ListEmitted) => list.send({ type: "test.emit", emitted });
  return { actor, told, stream, loads: () => loads };
}

const ids = (actor: ReturnType<typeof start>["actor"]) => mine.selectMyCallbacks(actor.getSnapshot()).map((each) => each.id);

describe("My callbacks", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("lists the agent's callbacks due first and marks each as it comes due", async () => {
    const { actor } = start([[item(2, 10), item(1, -5), item(3, 30)]]);
    await vi.advanceTimersByTimeAsync(0);
    expect(ids(actor)).toEqual([1, 2, 3]);
    expect([...mine.selectDueIds(actor.getSnapshot())]).toEqual([1]);
    await vi.advanceTimersByTimeAsync(10 * MIN - 1);
    expect(mine.selectDueCount(actor.getSnapshot())).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect([...mine.selectDueIds(actor.getSnapshot())]).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(20 * MIN);
    expect(mine.selectDueCount(actor.getSnapshot())).toBe(3);
  });

  it("moves, drops and adds callbacks from the stream without reading the list again unless a member is new", async () => {
    const { actor, stream, loads } = start([[item(1, 10), item(2, 20)], [item(1, 10), item(2, 20), item(5, 15)]]);
    await vi.advanceTimersByTimeAsync(0);
    stream({ type: "members.live", event: callbackEvent("moved", { id: 2, dueAt: new Date(NOW + 5 * MIN).toISOString(), version: 2 }) });
    expect(ids(actor)).toEqual([2, 1]);
    stream({ type: "members.live", event: callbackEvent("closed", { id: 1, status: "closed" }) });
    expect(ids(actor)).toEqual([2]);
    stream({ type: "members.live", event: callbackEvent("reassigned", { id: 2, owner: PRIYA }) });
    expect(ids(actor)).toEqual([]);
    // A colleague's callback, booked by them: not the agent's, nothing read.
    stream({ type: "members.live", event: callbackEvent("booked", { id: 8, owner: PRIYA }) });
    expect(loads()).toBe(1);
    // Reassigned to the agent: a member the panel has not seen, so the list is read again.
    stream({ type: "members.live", event: callbackEvent("reassigned", { id: 5, owner: ME }) });
    await vi.advanceTimersByTimeAsync(0);
    expect(loads()).toBe(2);
    expect(mine.selectMyCallbackCount(actor.getSnapshot())).toBe(3);
  });

  it("reads the list again after the stream reconnects", async () => {
    const { actor, stream, loads } = start([[item(1, 10)], [item(1, 10), item(2, 20)]]);
    await vi.advanceTimersByTimeAsync(0);
    stream({ type: "members.live.resync" });
    await vi.advanceTimersByTimeAsync(0);
    expect(loads()).toBe(2);
    expect(ids(actor)).toEqual([1, 2]);
  });

  it("opens a callback's member in the list: its practice, its subscriber id searched, and closes", async () => {
    const { actor, told } = start([[item(1, 10)]]);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "callbacks.mine.toggle" });
    expect(mine.selectPanelOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: "callbacks.mine.show", callbackId: 1 });
    expect(mine.selectPanelOpen(actor.getSnapshot())).toBe(false);
    expect(told.map((event) => event.type)).toEqual(["members.filter.change", "members.search.change", "members.search.apply"]);
    expect(told[0]).toMatchObject({ change: { practiceIds: [3], result: "all" } });
    expect(told[1]).toMatchObject({ text: "S1" });
  });
});
