// The queue's order (openapi.yaml nextMember): the caller's due callbacks, oldest due first; then
// anyone's callbacks past their grace period, oldest due first; then the other members by treatment
// priority, days past recare due, fewest attempts, longest since the last attempt, and id. Stable
// and deterministic: no two members ever tie.
import type { IsoDate } from "../calendar.ts";
import type { QueueGroup } from "./verdict.ts";

/** A served member's place in the order. */
export interface QueuePlace {
  group: QueueGroup;
  /** The callback's due time in the callback groups; null in the queue. */
  dueAt: number | null;
  rank: number;
  recareDue: IsoDate | null;
  attempts: number;
  lastAttemptAt: number | null;
  memberId: number;
}

const GROUPS: readonly QueueGroup[] = ["yourCallback", "overdueCallback", "queue"];

/**
 * Whether a group is served whatever the list's filters and search: the caller's own due callbacks
 * are, since the agent promised the call (a filter set for the day must not hide it, nor let a
 * colleague's overdue callback under the filters come before it); every other group keeps to them.
 */
export const servedWhateverFilters = (group: QueueGroup): boolean => group === "yourCallback";

/**
 * The keys of the members without a due callback, in order, all ascending: the earliest recare due
 * date is the most days past it (no visit, no date: last); no attempt yet is the longest since one
 * (first). The server's index and ORDER BY are built from this list.
 */
export const QUEUE_ORDER = [
  { key: "rank", nulls: "last" },
  { key: "recareDue", nulls: "last" },
  { key: "attempts", nulls: "last" },
  { key: "lastAttemptAt", nulls: "first" },
  { key: "memberId", nulls: "last" },
] as const satisfies readonly { key: keyof QueuePlace; nulls: "first" | "last" }[];

function compareKey(a: string | number | null, b: string | number | null, nulls: "first" | "last"): number {
  if (a === b) return 0;
  if (a === null) return nulls === "first" ? -1 : 1;
  if (b === null) return nulls === "first" ? 1 : -1;
  return a < b ? -1 : 1;
}

export function compareQueuePlaces(a: QueuePlace, b: QueuePlace): number {
  const groups = GROUPS.indexOf(a.group) - GROUPS.indexOf(b.group);
  if (groups !== 0) return groups;
  if (a.group !== "queue") return compareKey(a.dueAt, b.dueAt, "last") || a.memberId - b.memberId;
  for (const { key, nulls } of QUEUE_ORDER) {
    const order = compareKey(a[key], b[key], nulls);
    if (order !== 0) return order;
  }
  return 0;
}
