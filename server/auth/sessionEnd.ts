// What ends with a session, whatever ended it: signing out, the user disabled (npm run user --
// disable, or the staff screen, through setUserDisabled), or its expiry noticed by one of its open
// event streams. The claims made from it end (colleagues' lists drop them at once, through their
// claim events), its open event streams end on every instance, by the notice a sign-out sends, and
// the live board shows its user anew.
// Called in the transaction that ends the sessions, so both happen once it commits, and only then.
import type { Transaction } from "kysely";
import type { Database } from "../db/database.ts";
import { agentChanged, publish, publishSessionEnded } from "../events/events.repository.ts";
import { endClaimsOfSessions } from "../members/claims.repository.ts";
import { usersOfSessions } from "./sessionUsers.repository.ts";

export async function endWithSessions(trx: Transaction<Database>, sessionIds: readonly string[], now: Date): Promise<void> {
  await endClaimsOfSessions(trx, sessionIds, now);
  for (const sessionId of sessionIds) await publishSessionEnded(trx, sessionId);
  const users = await usersOfSessions(trx, sessionIds);
  if (users.length > 0) await publish(trx, ...users.map(agentChanged));
}
