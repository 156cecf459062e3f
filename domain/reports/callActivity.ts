// Calls started and results saved per agent (openapi.yaml getCallActivityReport): both backends
// count the two in a range of days, and this builds and orders the rows from the counts.
import type { components } from "../../contract/schema";
import { compareText } from "../order.ts";

type CallActivityRow = components["schemas"]["CallActivityRow"];
type Staff = Pick<components["schemas"]["User"], "id" | "email" | "firstname" | "lastname">;

/** Most calls started first, then most results saved, then by username, ties by user id. */
export function byCallActivity(a: CallActivityRow, b: CallActivityRow): number {
  return b.callsStarted - a.callsStarted || b.resultsSaved - a.resultsSaved || compareText(a.username, b.username) || a.userId - b.userId;
}

/** One row per user with a call started or a result saved (counts by user id). */
export function callActivityRows(users: readonly Staff[], callsStarted: ReadonlyMap<number, number>, resultsSaved: ReadonlyMap<number, number>): CallActivityRow[] {
  return users
    .filter((user) => callsStarted.has(user.id) || resultsSaved.has(user.id))
    .map((user) => ({
      userId: user.id,
      username: user.email,
      firstname: user.firstname,
      lastname: user.lastname,
      callsStarted: callsStarted.get(user.id) ?? 0,
      resultsSaved: resultsSaved.get(user.id) ?? 0,
    }))
    .sort(byCallActivity);
}

