// @vitest-environment node
// One event stream on its own: what it writes, and what ends it (its session checked with every
// keep-alive and at the moment it would expire).
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

const FOREVER = new Date("2099-01-01T00:00:00Z");
/** A stream of user 3's session "s", its session live until `endsAt` says otherwise. */
const options = (relay: EventRelay, sessionEndsAt: () => Promise<Date | undefined> = async () => FOREVER, sessionEnded = async () => {}) => ({
  relay,
  streamId: "stream-1",
  userId: 3,
  sessionId: "s",
  sessionEndsAt,
  sessionEnded,
  now: () => new Date(),
});

describe("an event stream", () => {
  it("writes the retry hint, then each event as its name and one line of JSON", async () => {
    const { relay, subscribers } = fakeRelay();
    const { stream, end } = openStream(options(relay));
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
    const { stream } = openStream(options(relay, async () => (live ? FOREVER : undefined)));
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
    const first = openStream(options(relay));
    const [subscriber] = subscribers;
    subscriber!.end();
    expect(first.stream.writableEnded).toBe(true);

    const slow = openStream(options(relay));
    const note = claimEvent(1, { memberId: 1, by: { id: 3, firstname: "A".repeat(10_000), lastname: "B" }, expiresAt: "2026-11-16T15:02:00.000Z" });
    for (let index = 0; index < 200 && !slow.stream.writableEnded; index += 1) for (const each of subscribers) each.send(note);
    expect(slow.stream.writableEnded).toBe(true);
    expect(subscribers.size).toBe(0);
  });

  it("checks its session again at the moment it would expire: a session touched meanwhile goes on, an ended one ends the stream and what ends with it", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-16T12:00:00Z") });
    const { relay, subscribers } = fakeRelay();
    let endsAt: Date | undefined = new Date("2026-11-16T12:00:10Z");
    const ended = vi.fn(async () => {});
    const { stream } = openStream(options(relay, async () => (endsAt && endsAt > new Date() ? endsAt : undefined), ended));
    const out = collected(stream);
    // Touched by a request meanwhile: its idle clock moved on by 12 s.
    await vi.advanceTimersByTimeAsync(5_000);
    endsAt = new Date("2026-11-16T12:00:22Z");
    await vi.advanceTimersByTimeAsync(5_000);
    expect([out.ended(), ended.mock.calls.length]).toEqual([false, 0]);
    await vi.advanceTimersByTimeAsync(11_999);
    expect([out.ended(), ended.mock.calls.length]).toEqual([false, 0]);
    await vi.advanceTimersByTimeAsync(1);
    expect([out.ended(), ended.mock.calls.length]).toEqual([true, 1]);
    expect(subscribers.size).toBe(0);
  });
});
