// Recording page visits (`POST /saveApplicationUsage`). The client's navigation id is an
// idempotency key: a retried post of the same visit is answered as saved but counted once.
import { nextId } from "../db/createMockDb";
import type { PageVisitRecord } from "../../demo/records.ts";

/** Adds the visit unless this user already sent its token; true when it was added. */
export function recordPageVisit(visits: PageVisitRecord[], visit: Omit<PageVisitRecord, "id">): boolean {
  if (visits.some((candidate) => candidate.token === visit.token && candidate.userId === visit.userId)) return false;
  visits.push({ id: nextId(visits), ...visit });
  return true;
}
