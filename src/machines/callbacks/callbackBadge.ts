// What a members list row shows of its member's open callback (docs/architecture.md, The work
// queue): its due time, the member's and the agent's; to other agents, once its owner's grace
// period has passed (or when it is anyone's and due), "Overdue callback · booked by Marcus Reed".
import type { components } from "../../../contract/schema";
import { serverNow } from "../../api/serverClock";
import { dueText } from "./callbackTime";

type Callback = components["schemas"]["Callback"];

export interface CallbackBadge {
  text: string;
  /** Anyone may take it now: it is past its owner's time, or anyone's and due. */
  overdue: boolean;
  /** In how many milliseconds it turns overdue to this agent (not yet overdue, and never to its owner). */
  overdueInMs?: number;
}

/** The row's callback as the agent `userId` sees it now (the server's clock). */
export function callbackBadge(callback: Callback, userId: number, now: Date = serverNow()): CallbackBadge {
  const until = Date.parse(callback.ownerUntil ?? callback.dueAt);
  const mine = callback.owner?.id === userId;
  if (!mine && until <= now.getTime()) return { text: `Overdue callback · booked by ${callback.bookedBy.firstname} ${callback.bookedBy.lastname}`, overdue: true };
  const text = `Callback ${dueText(callback.dueAt, callback.timeZone)}`;
  return mine ? { text, overdue: false } : { text, overdue: false, overdueInMs: until - now.getTime() };
}

type CallbackChange = components["schemas"]["CallbackChange"];

const CHANGE_TEXT: Record<CallbackChange["change"], string> = {
  booked: "Callback booked for",
  moved: "Callback moved to",
  reassigned: "Callback reassigned, due",
  closed: "Callback closed, was due",
  cancelled: "Callback cancelled, was due",
};

/** A callback's change in the results history: "Callback booked for Fri, Nov 28, 3:00 PM CST". */
export const callbackChangeText = ({ change, dueAt, timeZone }: CallbackChange) => `${CHANGE_TEXT[change]} ${dueText(dueAt, timeZone)}`;
