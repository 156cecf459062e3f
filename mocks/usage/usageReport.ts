// The universal usage report (`GET /report/usage/{params}`): page visits in a range of days of the
// practice group's time zone, one row per user, visited page and default practice.
import type { components } from "../../contract/schema";
import type { PageVisitRecord } from "../../demo/records.ts";
import { compareText } from "../../domain/order.ts";
import { toInstantRange, zonedDate } from "../../domain/calendar.ts";

type UsageQuery = components["schemas"]["UsageQuery"];
type UsageRow = components["schemas"]["UsageRow"];
type User = components["schemas"]["User"];

const contains = (value: string, text: string) => value.toLowerCase().includes(text.toLowerCase());

/** `userSearch` (trimmed) in the user's e-mail, first or last name; '' = every user. */
export function matchesUser(user: User, userSearch: string): boolean {
  const text = userSearch.trim();
  return text === "" || [user.email, user.firstname, user.lastname].some((value) => contains(value, text));
}

/** Most visits first, then by username, user id, visited page and default practice. */
export function byUsage(a: UsageRow, b: UsageRow): number {
  return (
    b.count - a.count ||
    compareText(a.username, b.username) ||
    a.userId - b.userId ||
    compareText(a.visitedUrl, b.visitedUrl) ||
    compareText(a.defualtPracticeId, b.defualtPracticeId)
  );
}

export function usageReport(visits: readonly PageVisitRecord[], users: readonly User[], query: UsageQuery): UsageRow[] {
  const range = toInstantRange(query);
  const pageText = query.visitedUrl?.trim() ?? "";
  const usersById = new Map(users.filter((user) => matchesUser(user, query.userSearch)).map((user) => [user.id, user]));
  const rows = new Map<string, { user: User; visit: PageVisitRecord; last: number; count: number }>();
  for (const visit of visits) {
    const user = usersById.get(visit.userId);
    const at = Date.parse(visit.accessedAt);
    if (!user || at < range.from || at >= range.to || !contains(visit.visitedUrl, pageText)) continue;
    const key = JSON.stringify([visit.userId, visit.visitedUrl, visit.defualtPracticeId]);
    const row = rows.get(key);
    if (row) {
      row.count += 1;
      row.last = Math.max(row.last, at);
    } else rows.set(key, { user, visit, last: at, count: 1 });
  }
  return [...rows.values()]
    .map(({ user, visit, last, count }) => ({
      userId: user.id,
      visitedUrl: visit.visitedUrl,
      defualtPracticeId: visit.defualtPracticeId,
      username: user.email,
      firstname: user.firstname,
      lastname: user.lastname,
      accessDate: zonedDate(last),
      count,
    }))
    .sort(byUsage);
}
