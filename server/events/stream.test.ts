// @vitest-environment node
// One event stream on its own: what it writes, and what ends it.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PassThrough } from "node:stream";
import { claimEvent, STREAM_FRAMES } from "../../domain/team/events.ts";
import type { EventRelay, Subscriber } from "./relay.ts";
import { openStream } from "./stream.ts";

/** A relay that only keeps its subscribers, for the test to send through. */
function fakeRelay() {
  const subscribers = new Set<Subscriber>();
  const relay = { subscribe: (subscriber: Subscriber) => (subscribers.add(subscriber), () => subscribers.delete(subscriber)) } as unknown as EventRelay;
  return { relay, subscribers };
}

function collected(stream: PassThrough) {
  let text = "";
  stream.on("data", (chunk: Buffer) => (text += String(chunk)));
  let ended = false;
  stream.on("end", () => (ended = true));
  return { text: () => text, ended: () => ended };
}

afterEach(() => vi.useRealTimers());

describe("an event stream", () => {
  it("writes the retry hint, then each event as its name and one line of JSON", async () => {
    const { relay, subscribers } = fakeRelay();
    const { stream, end } = openStream({ relay, userId: 3, sessionId: "s", sessionLive: async () => true });
    const out = collected(stream);
    const event = claimEvent(12, null);
    for (const subscriber of subscribers) subscriber.send(event);
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.text()).toBe(`retry: 3000\n\nevent: claim\ndata: {"memberId":12,"claim":null}\n\n`);
    expect(STREAM_FRAMES.event(event)).toBe(`event: claim\ndata: {"memberId":12,"claim":null}\n\n`);
    end();
    expect(subscribers.size).toBe(0);
  });

  it("sends a keep-alive comment every 25 seconds and ends once its session has ended", async () => {
    vi.useFakeTimers();
    const { relay, subscribers } = fakeRelay();
    let live = true;
    const { stream } = openStream({ relay, userId: 3, sessionId: "s", sessionLive: async () => live });
    const out = collected(stream);
    await vi.advanceTimersByTimeAsync(24_999);
    expect(out.text()).not.toContain(": keep-alive");
    await vi.advanceTimersByTimeAsync(1);
    expect(out.text()).toContain(": keep-alive\n\n");
    live = false;
    await vi.advanceTimersByTimeAsync(25_000);
    expect(out.ended()).toBe(true);
    expect(subscribers.size).toBe(0);
  });

  it("ends when the relay ends it, and lets go of a client that stopped reading", async () => {
    const { relay, subscribers } = fakeRelay();
    const first = openStream({ relay, userId: 3, sessionId: "s", sessionLive: async () => true });
    const [subscriber] = subscribers;
    subscriber!.end();
    expect(first.stream.writableEnded).toBe(true);

    const slow = openStream({ relay, userId: 3, sessionId: "s", sessionLive: async () => true });
    const note = claimEvent(1, { memberId: 1, by: { id: 3, firstname: "A".repeat(10_000), lastname: "B" }, expiresAt: "2026-11-16T15:02:00.000Z" });
    for (let index = 0; index < 200 && !slow.stream.writableEnded; index += 1) for (const each of subscribers) each.send(note);
    expect(slow.stream.writableEnded).toBe(true);
    expect(subscribers.size).toBe(0);
  });
});
