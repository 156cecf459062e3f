// What ends with a session in the fake backend, as on the server (server/auth/sessionEnd.ts): the
// claims made from it, which colleagues' lists drop through their claim events, and its open event
// streams; the live board hears of it. Signing out ends it, and so does an expiry an open stream
// notices.
import { claimEvent } from "../../domain/team/events.ts";
import { agentChanged } from "../board/board";
import { endClaimsOfSession } from "./claims";
import type { MockDb } from "./createMockDb";

export function endWithSession(db: MockDb, sessionToken: string): void {
  for (const memberId of endClaimsOfSession(db.claims, sessionToken)) db.events.publish(claimEvent(memberId, null));
  db.events.endSession(sessionToken);
  const session = db.sessions.get(sessionToken);
  if (session) agentChanged(db, session.userId);
}
