// LISTEN on either engine (docs/architecture.md, Agents as a team): what a transaction NOTIFYs
// reaches every listener once it commits, and never when it rolls back. PostgreSQL needs a
// connection of its own, outside the pool, held for as long as the listener runs; PGlite (one
// process, one connection) delivers its notifications in process after the commit.
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

export interface Notifications {
  /**
   * Calls `onPayload` with every notification on `channel` from now on. On PostgreSQL, `onLost`
   * is called once if the connection drops: nothing arrives after it, listen again. Resolves to
   * a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost: (error: Error) => void): Promise<() => Promise<void>>;
}

/** A channel is an identifier that PGlite's listen does not quote: lower case letters, digits and _. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

function checked(channel: string): string {
  if (!CHANNEL.test(channel)) throw new Error(`${channel} cannot be a notification channel`);
  return channel;
}

export function postgresNotifications(config: pg.ClientConfig): Notifications {
  return {
    async listen(channel, onPayload, onLost) {
      const client = new pg.Client(config);
      let listening = true;
      const lost = (error: Error) => {
        if (!listening) return;
        listening = false;
        onLost(error);
        client.end().catch(() => {});
      };
      client.on("error", lost);
      client.on("end", () => lost(new Error("the connection closed")));
      client.on("notification", (message) => {
        if (listening && message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${client.escapeIdentifier(checked(channel))}`);
      } catch (error) {
        listening = false;
        await client.end().catch(() => {});
        throw error;
      }
      return async () => {
        listening = false;
        await client.end();
      };
    },
  };
}

export function pgliteNotifications(pglite: PGlite): Notifications {
  return {
    async listen(channel, onPayload) {
      const unlisten = await pglite.listen(checked(channel), onPayload);
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
  };
}
