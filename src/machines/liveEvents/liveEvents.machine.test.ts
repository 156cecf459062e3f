import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, createMachine, fromCallback, type AnyActorRef } from "xstate";
import { backoffAfter, liveEventsMachine, type LiveEventsEvent, type LiveListEvent, type StreamEvent } from "./liveEvents.machine";

const MEMBER_EVENT = {
  event: "member",
  data: { memberId: 7, version: 3, Result: "Confirm", notes: null, notestimestamp: null },
} as const;

/** The machine under a parent that records what it is told, with a stream the test drives. */
function start() {
  const connections: { report: (event: StreamEvent) => void; closed: boolean }[] = [];
  const told: LiveListEvent[] = [];
  const live = liveEventsMachine.provide({
    actors: {
      stream: fromCallback<LiveEventsEvent>(({ sendBack }) => {
        const connection = { report: (event: StreamEvent) => sendBack(event), closed: false };
        connections.push(connection);
        return () => void (connection.closed = true);
      }),
    },
  });
  const parent = createActor(
    createMachine({
      invoke: { id: "live", src: live },
      on: { "*": { actions: ({ event }) => void told.push(event as LiveListEvent) } },
    }),
  );
  parent.start();
  const child = () => parent.getSnapshot().children.live as AnyActorRef;
  const state = () => child().getSnapshot().value as unknown;
  const current = () => connections[connections.length - 1]!;
  return { connections, told, state, current, send: (event: LiveEventsEvent) => child().send(event), stop: () => parent.stop() };
}

beforeEach(() => {
  vi.useFakeTimers();
  // The longest wait of each step, so that the cases can say when the next try comes.
  vi.spyOn(Math, "random").mockReturnValue(1);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("live events", () => {
  it("waits between half and all of each backoff step, by chance", () => {
    expect([1, 2, 6].map((failures) => backoffAfter(failures, () => 0))).toEqual([500, 1000, 15000]);
    expect([1, 2, 6].map((failures) => backoffAfter(failures, () => 0.5))).toEqual([750, 1500, 22500]);
  });

  it("connects, goes live on open without a resync, and hands every event to the list", () => {
    const live = start();
    expect(live.state()).toEqual({ streaming: "connecting" });
    live.current().report({ type: "stream.open" });
    expect(live.state()).toEqual({ streaming: "live" });
    live.current().report({ type: "stream.event", event: MEMBER_EVENT });
    expect(live.told).toEqual([{ type: "live.event", event: MEMBER_EVENT }]);
  });

  it("reconnects after 1 s, 2 s, 4 s … up to 30 s while connections fail", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((failures) => backoffAfter(failures))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    const live = start();
    live.current().report({ type: "stream.failed" });
    expect(live.state()).toBe("reconnecting");
    expect(live.connections[0]!.closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(live.connections).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(live.connections).toHaveLength(2);
    live.current().report({ type: "stream.failed" });
    vi.advanceTimersByTime(1999);
    expect(live.connections).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(live.connections).toHaveLength(3);
  });

  it("tells the list at once when the stream drops, and after a reconnect asks it to reload its page, live once it has", () => {
    const live = start();
    live.current().report({ type: "stream.open" });
    live.current().report({ type: "stream.failed" });
    expect(live.told).toEqual([{ type: "live.interrupted" }]);
    vi.advanceTimersByTime(1000);
    expect(live.state()).toEqual({ streaming: "connecting" });
    live.current().report({ type: "stream.open" });
    expect(live.state()).toEqual({ streaming: "resyncing" });
    expect(live.told).toEqual([{ type: "live.interrupted" }, { type: "live.resync" }]);
    // Events during the reload still reach the list.
    live.current().report({ type: "stream.event", event: MEMBER_EVENT });
    expect(live.told).toHaveLength(3);
    live.send({ type: "live.resynced" });
    expect(live.state()).toEqual({ streaming: "live" });

    // Live again: the next drop starts the backoff from 1 s.
    live.current().report({ type: "stream.failed" });
    vi.advanceTimersByTime(1000);
    expect(live.connections).toHaveLength(3);
  });

  it("takes a stream silent for 60 s for dead; any event or keep-alive keeps it", () => {
    const live = start();
    live.current().report({ type: "stream.open" });
    vi.advanceTimersByTime(59_999);
    live.current().report({ type: "stream.beat" });
    vi.advanceTimersByTime(59_999);
    live.current().report({ type: "stream.event", event: MEMBER_EVENT });
    vi.advanceTimersByTime(59_999);
    expect(live.state()).toEqual({ streaming: "live" });
    vi.advanceTimersByTime(1);
    expect(live.state()).toBe("reconnecting");
    expect(live.connections[0]!.closed).toBe(true);
  });

  it("closes the stream when the list goes away", () => {
    const live = start();
    live.stop();
    expect(live.connections[0]!.closed).toBe(true);
  });
});
