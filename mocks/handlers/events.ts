// Live updates of the members list (tag events), streamed with MSW's `sse` in the browser worker and
// in Node alike. MSW's sse handler answers every request it takes with a stream (200), so the
// refusals come first, from an ordinary handler that admits the request or answers it.
import { HttpResponse, sse } from "msw";
import { errorBody, HttpError, INVALID_TOKEN } from "../../domain/errors.ts";
import { KEEP_ALIVE_MS, NOT_EVENT_STREAM, RECONNECT_AFTER_MS, TOO_MANY_STREAMS, TOO_MANY_TICKETS, type ClaimEvent, type MemberEvent } from "../../domain/team/events.ts";
import { caller, createApi, toMswPath } from "../api";
import type { MockDb } from "../db/createMockDb";
import { issueTicket, redeemTicket, type TicketRecord } from "../db/events";
import { sessionIsLive } from "../db/sessions";

export function eventsHandlers(db: MockDb) {
  const api = createApi(db);
  /** Requests the refusals let through, with the ticket each used. */
  const admitted = new WeakMap<Request, TicketRecord>();

  return [
    api.post("/events/ticket", (context) => {
      const { record, user } = caller(context);
      const issued = issueTicket(db.eventTickets, user.id, record.token);
      if ("retryAfterSeconds" in issued) {
        return HttpResponse.json(errorBody(429, TOO_MANY_TICKETS), { status: 429, headers: { "retry-after": String(issued.retryAfterSeconds) } });
      }
      return HttpResponse.json({ ticket: issued.ticket, expiresAt: issued.expiresAt.toISOString() }, { status: 201 });
    }),

    // MSW's sse takes only requests that accept exactly text/event-stream (EventSource's).
    api.get("/events", ({ request, query }) => {
      if (request.headers.get("accept") !== "text/event-stream") throw new HttpError(406, NOT_EVENT_STREAM);
      const ticket = redeemTicket(db.eventTickets, query.ticket);
      if (!ticket || !sessionIsLive(db.sessions, ticket.sessionToken)) throw new HttpError(401, INVALID_TOKEN);
      if (!db.events.mayOpen(ticket.userId)) throw new HttpError(429, TOO_MANY_STREAMS);
      admitted.set(request, ticket);
      return undefined;
    }),

    sse<{ member: MemberEvent; claim: ClaimEvent }>(toMswPath("/events"), ({ client, request }) => {
      const ticket = admitted.get(request);
      if (!ticket) return client.error();
      client.send({ retry: RECONNECT_AFTER_MS });
      const end = () => {
        clearInterval(sessionCheck);
        unsubscribe();
        client.close();
      };
      const unsubscribe = db.events.subscribe({
        userId: ticket.userId,
        sessionToken: ticket.sessionToken,
        send: (event) => (event.event === "member" ? client.send({ event: "member", data: event.data }) : client.send({ event: "claim", data: event.data })),
        end,
      });
      // The server checks the session with every keep-alive; the fake backend has no proxy to keep
      // a quiet stream open for, so it only checks.
      const sessionCheck = setInterval(() => sessionIsLive(db.sessions, ticket.sessionToken) || end(), KEEP_ALIVE_MS);
      request.signal.addEventListener("abort", end, { once: true });
    }),
  ];
}
