// The live event streams a contract file opens: each redeems a fresh ticket of the signed-in user,
// is counted for the coverage report, must be accepted (200), and is closed after each test.
import { afterEach, expect } from "vitest";
import { openEventStream, type EventStream } from "../support/testStream.ts";
import type { Backend, SignedIn } from "./fixtures";
import { record } from "./http";

/** Call once at the top of a file (it registers the closing hook); the function opens a stream. */
export function useEventStreams(backend: Backend): (who: SignedIn) => Promise<EventStream> {
  const opened: EventStream[] = [];
  afterEach(() => opened.splice(0).forEach((events) => events.close()));
  return async (who) => {
    const ticket = await backend.api.post("/events/ticket", { token: who.token });
    const events = await openEventStream(`${backend.target.baseUrl}/events?ticket=${encodeURIComponent(ticket.body.ticket)}`);
    record("openEventStream", events.status);
    opened.push(events);
    expect(events.status).toBe(200);
    return events;
  };
}
