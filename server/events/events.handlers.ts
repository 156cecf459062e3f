// Live updates of the members list (tag events): a ticket of the caller's session, and the event
// stream it opens once. EventSource cannot send the bearer token, hence the ticket in the URL.
import { errorBody, HttpError, INVALID_TOKEN } from "../../contract/errors.ts";
import { EVENT_STREAMS_PER_USER, NOT_EVENT_STREAM, TOO_MANY_STREAMS, TOO_MANY_TICKETS } from "../../domain/team/events.ts";
import { audit } from "../audit.ts";
import { rulesOf } from "../auth/auth.handlers.ts";
import { liveSessionUser } from "../auth/sessions.repository.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { issueTicket, redeemTicket } from "./events.repository.ts";
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
    const rules = rulesOf(services);
    const userOf = async () => redeemed && (await liveSessionUser(services.db, redeemed.session_id, rules, services.now()));
    const user = await userOf();
    if (!redeemed || !user) throw new HttpError(401, INVALID_TOKEN);
    if (relay.streamsOf(redeemed.user_id) >= EVENT_STREAMS_PER_USER) throw new HttpError(429, TOO_MANY_STREAMS);
    await audit(services.db, { userId: redeemed.user_id, action: "openEventStream", memberIds: [], address: request.ip });
    const sessionLive = async () => (await userOf()) !== undefined;
    const { stream, end } = openStream({ relay, userId: redeemed.user_id, sessionId: redeemed.session_id, isAdmin: user.is_admin, sessionLive });
    reply.raw.on("close", end);
    reply.headers({ "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" });
    return reply.send(stream) as never;
  },
};
