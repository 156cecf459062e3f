// Callbacks coming due reach every open list within a second (openapi.yaml, `callback` events,
// `due`). Nothing is written when a callback comes due, so no transaction can NOTIFY it: instead
// every instance looks, twice a second, for the open callbacks whose due time passed since its
// last look, and tells its own streams. Each instance covers its own streams, so every one is told
// once and no instance has to be the one that announces (nor to record that it did: the database
// is only read). A callback moved or booked into a past look is never due then (due times lie in
// the future), and a stream opened after a look reloads what it shows anyway. The same look finds
// the callbacks whose grace period ended: their agents' live board rows (overdue counts) are read
// back for the administrators' streams of this instance.
import type { FastifyInstance } from "fastify";
import { callbackEvent } from "../../domain/team/events.ts";
import type { Services } from "../services.ts";
import { callbacksComingDue, ownersGoingOverdue, toCallback } from "./callbacks.repository.ts";
import { clocksOf } from "./setting.ts";

/** Half the second within which a callback coming due must reach the lists, leaving the rest to delivery. */
export const DUE_LOOK_MS = 500;

export function startDueAnnouncer(app: FastifyInstance, services: Services): () => void {
  let lookedUntil = clocksOf(services).now;
  let looking = false;
  const look = async () => {
    if (looking) return;
    looking = true;
    try {
      const now = clocksOf(services).now;
      const [due, overdue] = await Promise.all([
        callbacksComingDue(services.db, lookedUntil, now, services.config.reportTimeZone),
        app.eventRelay.watchedByAdministrators() ? ownersGoingOverdue(services.db, lookedUntil, now) : [],
      ]);
      lookedUntil = now;
      for (const row of due) app.eventRelay.deliver(callbackEvent("due", toCallback(row)));
      for (const userId of overdue) app.eventRelay.agentChanged(userId);
    } catch (error) {
      app.log.warn({ err: error }, "callbacks coming due could not be read: looking again");
    } finally {
      looking = false;
    }
  };
  const timer = setInterval(() => void look(), DUE_LOOK_MS);
  return () => clearInterval(timer);
}
