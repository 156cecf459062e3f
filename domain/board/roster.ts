// Who is on the live board, in which order, on which day, and how a member is named there: the
// rules both backends follow when they build the board (openapi.yaml getLiveBoard, getAgentDay).
import type { components } from "../../contract/schema";
import { addDays, startOfZonedDay, zonedDate, type IsoDate } from "../calendar.ts";
import { compareText } from "../order.ts";
import type { AgentDayCounts } from "./dayCounts.ts";

type BoardAgent = components["schemas"]["BoardAgent"];

/**
 * Staff signed in today are agents; an administrator signed in today is one only after starting a
 * call or saving a result today, so that supervisors watching the board are not rows on it.
 */
export function isOnBoard(user: { isAdmin: boolean }, counts: AgentDayCounts): boolean {
  return !user.isAdmin || counts.callsStarted > 0 || counts.resultsSaved > 0;
}

/** By last name, first name, then user id. */
export function byAgentName(a: Pick<BoardAgent, "lastname" | "firstname" | "userId">, b: Pick<BoardAgent, "lastname" | "firstname" | "userId">): number {
  return compareText(a.lastname, b.lastname) || compareText(a.firstname, b.firstname) || a.userId - b.userId;
}

/** The instants of a day in the zone: its midnight, and the midnight that ends it (23 or 25 hours later when the clocks change). */
export function dayBounds(day: IsoDate, timeZone?: string): { day: IsoDate; startsAt: number; endsAt: number } {
  return { day, startsAt: startOfZonedDay(day, timeZone), endsAt: startOfZonedDay(addDays(day, 1), timeZone) };
}

/** The board's day at an instant: the day of the zone that holds it. */
export const boardDay = (instant: number, timeZone?: string) => dayBounds(zonedDate(instant, timeZone), timeZone);

/** "Reed, Marcus Allen": a member's name as the members list's Names column writes it. */
export function listName(member: { firstName: string; middleName: string; lastName: string }): string {
  return `${member.lastName}, ${[member.firstName, member.middleName].filter(Boolean).join(" ")}`;
}
