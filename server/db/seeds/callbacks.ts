// The demo world's callbacks with their changes (demo/callbacks.ts); the members' places in the
// queue are worked out when the server starts (server/queue/queueState.repository.ts).
import type { Kysely } from "kysely";
import type { DemoWorld } from "../../../demo/world.ts";
import { insertChunked, resetIdentity } from "../bulkWrite.ts";
import type { Database } from "../database.ts";

export async function seedCallbacks(trx: Kysely<Database>, world: DemoWorld): Promise<void> {
  await insertChunked(world.callbacks, (chunk) =>
    trx
      .insertInto("callbacks")
      .values(
        chunk.map((c) => ({
          id: c.id,
          member_id: c.memberId,
          owner_id: c.ownerId,
          booked_by: c.bookedBy,
          booked_at: c.bookedAt,
          due_at: c.dueAt,
          owner_until: c.ownerUntil,
          note: c.note,
          status: c.status,
          version: c.version,
        })),
      )
      .execute(),
  );
  await insertChunked(world.callbackChanges, (chunk) =>
    trx
      .insertInto("callback_changes")
      .values(chunk.map((h) => ({ id: h.id, callback_id: h.callbackId, member_id: h.memberId, user_id: h.userId, change: h.change, due_at: h.dueAt, at: h.at })))
      .execute(),
  );
  for (const table of ["callbacks", "callback_changes"]) await resetIdentity(trx, table);
}
