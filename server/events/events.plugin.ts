// The event relay of the app: listening from the start, available to handlers as `app.eventRelay`,
// and closed before the server stops (open streams would keep it from closing) and before the
// database closes.
import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../db/connection.ts";
import { EventRelay, type RelayOptions } from "./relay.ts";

declare module "fastify" {
  interface FastifyInstance {
    eventRelay: EventRelay;
  }
}

export async function setUpEventRelay(app: FastifyInstance, database: DatabaseHandle, options: RelayOptions): Promise<void> {
  const relay = new EventRelay(database.db, database.notifications, app.log, options);
  await relay.start();
  app.decorate("eventRelay", relay);
  app.addHook("preClose", () => relay.close());
}
