// The live event stream's effect: a ticket (POST /events/ticket), then GET /events read with fetch
// and parsed by eventsource-parser. Not `EventSource`: fetch can be cancelled with the actor, goes
// through MSW in node tests as in the browser, and leaves reconnecting to the machine's backoff.
// The stream is fetched without the bearer token (the ticket is its authority), so a refused
// ticket (401) is a failed connection, never a signal that the session ended.
import { fromCallback } from "xstate";
import { createParser } from "eventsource-parser";
import { unwrap, type ApiClient } from "../../api/client";
import type { StreamedEvent } from "../../../domain/team/events.ts";
import type { LiveEventsEvent, StreamEvent } from "./liveEvents.machine";

/**
 * The members list's events (its rows, their attempts and do-not-call, My callbacks and the
 * agent's campaigns beside them); the live board reads the agents' (`["agent", "campaign"]`).
 */
const MEMBERS_LIST_EVENTS: readonly StreamedEvent["event"][] = ["member", "claim", "callback", "queue", "status", "campaign"];

export function createLiveEventsActors(api: ApiClient, baseUrl: string, eventNames = MEMBERS_LIST_EVENTS) {
  const names = new Set<string>(eventNames);
  return {
    stream: fromCallback<LiveEventsEvent>(({ sendBack }) => {
      const aborted = new AbortController();
      const report = (event: StreamEvent) => {
        if (!aborted.signal.aborted) sendBack(event);
      };
      void (async () => {
        const { ticket } = await unwrap(api.POST("/events/ticket", { signal: aborted.signal }));
        const response = await fetch(`${baseUrl}/events?ticket=${encodeURIComponent(ticket)}`, {
          headers: { Accept: "text/event-stream" },
          signal: aborted.signal,
        });
        if (!response.ok || !response.body) throw new Error(`The event stream answered ${response.status}.`);
        report({ type: "stream.open" });
        const parser = createParser({
          onEvent: ({ event, data }) => {
            if (event && names.has(event)) report({ type: "stream.event", event: { event, data: JSON.parse(data) } as StreamedEvent });
          },
          onComment: () => report({ type: "stream.beat" }),
        });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parser.feed(value);
        }
      })()
        .catch(() => {})
        .finally(() => report({ type: "stream.failed" }));
      return () => aborted.abort();
    }),
  };
}
