// The demo world's sign-ins of today as sessions (the live board lists who signed in today). Their
// tokens are random and never handed out: nobody can use these sessions.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DemoWorld } from "../../../demo/world.ts";
import type { Database } from "../database.ts";

/** demo/: the login cookie's 7 days. */
const SESSION_LIFETIME_MS = 7 * 24 * 3_600_000;

export async function seedSignIns(trx: Kysely<Database>, world: DemoWorld): Promise<void> {
  if (world.signIns.length === 0) return;
  await trx
    .insertInto("sessions")
    .values(
      world.signIns.map((signIn) => ({
        id: randomUUID(),
        token_hash: createHash("sha256").update(randomBytes(32)).digest("hex"),
        user_id: signIn.userId,
        created_at: signIn.at,
        last_seen_at: signIn.at,
        expires_at: new Date(Date.parse(signIn.at) + SESSION_LIFETIME_MS),
        revoked_at: null,
      })),
    )
    .execute();
}
