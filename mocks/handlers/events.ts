// Live updates of the members list (tag events), in the browser worker and in Node alike. The
// stream is the handler's own ReadableStream rather than MSW's `sse`: when the browser cancels
// MSW's stream, its client neither ends nor learns of it (msw 3.0.5: the cancel's close throws and
// is swallowed), and every later event logged an error; a write that fails here ends the stream.
import { HttpResponse } from "msw";
import { errorBody, HttpError, INVALID_TOKEN } from "../../contract/errors.ts";
import { KEEP_ALIVE_MS, NOT_EVENT_STREAM, STREAM_FRAMES, TOO_MANY_STREAMS, TOO_MANY_TICKETS } from "../../domain/team/events.ts";
import { caller, createApi } from "../api";
import type { MockDb } from "../db/createMockDb";
import { issueTicket, redeemTicket } from "../db/events";
import { sessionIsLive } from "../db/sessions";
import { endWithSession } from "../db/sessionEnd";
import { agentChanged } from "../board/board";
import { publishCallback } from "../queue/callbacks";

/** As the server looks for callbacks coming due and going overdue (server/queue/dueAnnouncer.ts): twice a second, while a stream is open. */
const DUE_LOOK_MS = 500;

export function eventsHandlers(db: MockDb) {
  const api = createApi(db);
  let dueWatch: ReturnType<typeof setInterval> | undefined;
  const watchDue = () => {
    db.queue.comingDue(db.now().getTime());
    db.queue.goingOverdue(db.now().getTime());
    dueWatch ??= setInterval(() => {
      if (!db.events.listening) {
        clearInterval(dueWatch);
        dueWatch = undefined;
        return;
      }
      const now = db.now().getTime();
      for (const callback of db.queue.comingDue(now)) publishCallback(db, callback, "due");
      for (const userId of db.queue.goingOverdue(now)) agentChanged(db, userId);
    }, DUE_LOOK_MS);
  };

  return [
    api.post("/events/ticket", (context) => {
      const { record, user } = caller(context);
      const issued = issueTicket(db.eventTickets, user.id, record.token);
      if ("retryAfterSeconds" in issued) {
        return HttpResponse.json(errorBody(429, TOO_MANY_TICKETS), { status: 429, headers: { "retry-after": String(issued.retryAfterSeconds) } });
      }
      return HttpResponse.json({ ticket: issued.ticket, expiresAt: issued.expiresAt.toISOString() }, { status: 201 });
    }),

    api.get("/events", ({ request, query }) => {
      if (!(request.headers.get("accept") ?? "").includes("text/event-stream")) throw new HttpError(406, NOT_EVENT_STREAM);
      const ticket = redeemTicket(db.eventTickets, query.ticket);
      if (!ticket || !sessionIsLive(db.sessions, ticket.sessionToken)) throw new HttpError(401, INVALID_TOKEN);
      const { userId, sessionToken } = ticket;
      if (!db.events.mayOpen(userId)) throw new HttpError(429, TOO_MANY_STREAMS);
      let ended = false;
      const stream = eventStream(() => end());
      const unsubscribe = db.events.subscribe({
        userId,
        sessionToken,
        isAdmin: db.users.some((user) => user.id === userId && user.isAdmin),
        send: (event) => stream.write(STREAM_FRAMES.event(event)),
        end: () => end(),
      });
      agentChanged(db, userId);
      watchDue();
      // The server checks the session with every keep-alive; the fake backend has no proxy to keep
      // a quiet stream open for, so it only checks. An expired session ends as a signed-out one.
      const sessionCheck = setInterval(() => sessionIsLive(db.sessions, sessionToken) || endWithSession(db, sessionToken), KEEP_ALIVE_MS);
      function end() {
        if (ended) return;
        ended = true;
        clearInterval(sessionCheck);
        unsubscribe();
        stream.close();
        agentChanged(db, userId);
      }
      request.signal.addEventListener("abort", end, { once: true });
      stream.write(STREAM_FRAMES.retry);
      // Framed in chunks, as the server's stream is. Without a framing, MSW's Node interceptor sends a
      // body of unknown length as one ended by closing the connection; when the client cancels the
      // stream (its screen goes away), that close reads to Node's fetch as the answer completed, and
      // it fails an assertion (`!this.aborted`) outside any test. Chunked, a cut stream is an error
      // the cancelled request ignores.
      return new Response(stream.body, {
        headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "transfer-encoding": "chunked" },
      });
    }),
  ];
}

/** A text/event-stream body: writes until the reader goes away, then calls `gone` once. */
function eventStream(gone: () => void) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const stop = () => {
    if (!open) return;
    open = false;
    gone();
  };
  const body = new ReadableStream<Uint8Array>({
    start: (started) => void (controller = started),
    cancel: stop,
  });
  return {
    body,
    write(text: string) {
      if (!open) return;
      try {
        controller.enqueue(encoder.encode(text));
      } catch {
        stop();
      }
    },
    close() {
      if (!open) return;
      open = false;
      try {
        controller.close();
      } catch {
        // already cancelled by its reader
      }
    },
  };
}
