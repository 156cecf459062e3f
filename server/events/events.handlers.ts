// Live updates of the members list (tag events): a ticket of the caller's session, and the event
// stream it opens once. EventSource cannot send the bearer token, hence the ticket in the URL.
import { randomUUID } from "node:crypto";
import { errorBody, HttpError, INVALID_TOKEN } from "../../contract/errors.ts";
import { NOT_EVENT_STREAM, TOO_MANY_STREAMS, TOO_MANY_TICKETS } from "../../domain/team/events.ts";
import { audit } from "../audit.repository.ts";
import { rulesOf } from "../auth/sessionRules.ts";
import { endWithSessions } from "../auth/sessionEnd.ts";
import { liveSession, liveSessionEnd } from "../auth/sessions.repository.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { issueTicket, openStreamRow, redeemTicket } from "./events.repository.ts";
import { openStream } from "./stream.ts";

const NOT_RELAYING = "Live updates are not available on this server right now: try again shortly.";

export const eventsHandlers: Handlers = {
  async issueEventTicket(call) {
    const { session, user } = callerOf(call);
    const issued = await issueTicket(call.services.db, user.id, session.id, call.services.now());
    if ("retryAfterSeconds" in issued) {
      return call.reply.code(429).header("retry-after", String(issued.retryAfterSeconds)).send(errorBody(429, TOO_MANY_TICKETS)) as never;
    }
    call.reply.code(201);
    return { ticket: issued.ticket, expiresAt: issued.expiresAt.toISOString() };
  },

  async openEventStream(call) {
    const { services, request, reply } = call;
    const relay = request.server.eventRelay;
    if (!(request.headers.accept ?? "").includes("text/event-stream")) throw new HttpError(406, NOT_EVENT_STREAM);
    if (!relay.listening) throw new HttpError(503, NOT_RELAYING);
    const redeemed = await redeemTicket(services.db, call.query.ticket, services.now());
    if (!redeemed) throw new HttpError(401, INVALID_TOKEN);
    const { user_id: userId, session_id: sessionId } = redeemed;
    const sessionEndsAt = () => liveSessionEnd(services.db, sessionId, rulesOf(services), services.now());
    const session = await liveSession(services.db, sessionId, rulesOf(services), services.now());
    if (!session) throw new HttpError(401, INVALID_TOKEN);
    const streamId = randomUUID();
    // Counted against the user's open streams on every instance, and audited, in one transaction.
    const opened = await services.db.transaction().execute(async (trx) => {
      if (!(await openStreamRow(trx, { id: streamId, userId, sessionId }, services.now()))) return false;
      await audit(trx, { userId, action: "openEventStream", memberIds: [], address: request.ip });
      return true;
    });
    if (!opened) throw new HttpError(429, TOO_MANY_STREAMS);
    const { stream, end } = openStream({
      relay,
      streamId,
      userId,
      sessionId,
      isAdmin: session.isAdmin,
      sessionEndsAt,
      sessionEnded: () => services.db.transaction().execute((trx) => endWithSessions(trx, [sessionId], services.now())),
      now: services.now,
    });
    reply.raw.on("close", end);
    reply.headers({ "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" });
    return reply.send(stream) as never;
  },
};
