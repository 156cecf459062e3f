// The live streams open on every server instance, in the database so that each instance sees the
// others' (the live board's Offline: no open stream for 60 seconds). Each change to a user's
// streams publishes their live board row.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { agentChanged, publish } from "./events.repository.ts";

export interface StreamRecord {
  id: string;
  userId: number;
  sessionId: string;
  instanceId: string;
}

export async function recordStreamOpened(db: Kysely<Database>, stream: StreamRecord, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("live_streams")
      .values({ id: stream.id, user_id: stream.userId, session_id: stream.sessionId, instance_id: stream.instanceId, opened_at: now, seen_at: now })
      .execute();
    await publish(trx, agentChanged(stream.userId));
  });
}

export async function recordStreamClosed(db: Kysely<Database>, stream: StreamRecord, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const closed = await trx.updateTable("live_streams").set({ closed_at: now }).where("id", "=", stream.id).where("closed_at", "is", null).returning("id").executeTakeFirst();
    if (closed) await publish(trx, agentChanged(stream.userId));
  });
}

/** The instance's open streams are still open now. */
export async function refreshStreams(db: Kysely<Database>, instanceId: string, now: Date): Promise<void> {
  await db.updateTable("live_streams").set({ seen_at: now }).where("instance_id", "=", instanceId).where("closed_at", "is", null).execute();
}

/**
 * Closes, as of when they were last seen, the streams no instance refreshed for `staleMs` (their
 * instance stopped without closing them), and forgets streams closed more than a day ago.
 */
export async function closeStaleStreams(db: Kysely<Database>, now: Date, staleMs: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const closed = await trx
      .updateTable("live_streams")
      .set({ closed_at: sql<Date>`seen_at` })
      .where("closed_at", "is", null)
      .where("seen_at", "<", new Date(now.getTime() - staleMs))
      .returning("user_id")
      .execute();
    const users = [...new Set(closed.map((row) => row.user_id))];
    if (users.length > 0) await publish(trx, ...users.map(agentChanged));
    await trx.deleteFrom("live_streams").where("closed_at", "<", new Date(now.getTime() - 24 * 3_600_000)).execute();
  });
}

/** Closes every stream of the instance (it stops). */
export async function closeInstanceStreams(db: Kysely<Database>, instanceId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const closed = await trx.updateTable("live_streams").set({ closed_at: now }).where("instance_id", "=", instanceId).where("closed_at", "is", null).returning("user_id").execute();
    const users = [...new Set(closed.map((row) => row.user_id))];
    if (users.length > 0) await publish(trx, ...users.map(agentChanged));
  });
}
