// Small counting helpers shared by the fake backend's reports: the contract's orders for counts by
// practice and by reason (text by code point, domain/order.ts).
import type { components } from "../../contract/schema";
import { compareText } from "../../domain/order.ts";

type Schemas = components["schemas"];
type Practice = Schemas["Practice"];

export function increment<K>(counts: Map<K, number>, key: K, by = 1): void {
  counts.set(key, (counts.get(key) ?? 0) + by);
}

/** Count descending, then practice (abbreviation), ties by practice id: the contract's order of every list by practice. */
export function byCountThenPractice(a: { count: number; practice: string; practiceId: number }, b: typeof a): number {
  return b.count - a.count || compareText(a.practice, b.practice) || a.practiceId - b.practiceId;
}

/** Practices with at least one count, in the contract's order. */
export function countsByPractice(counts: Map<number, number>, practices: readonly Practice[]): Schemas["PracticeCount"][] {
  return practices
    .filter((practice) => (counts.get(practice.id) ?? 0) > 0)
    .map((practice) => ({ practice: practice.practiceabbr, practiceId: practice.id, count: counts.get(practice.id) ?? 0 }))
    .sort(byCountThenPractice);
}

/** Count descending, then reason. */
export function countsByReason(counts: Map<string, number>): Schemas["ReasonCount"][] {
  return [...counts]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count || compareText(a.reason, b.reason));
}

/** Practice (abbreviation), ties by id: the contract's order of complete lists of practices. */
export function byPracticeName(a: Practice, b: Practice): number {
  return compareText(a.practiceabbr, b.practiceabbr) || a.id - b.id;
}
