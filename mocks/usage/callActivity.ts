// The call activity report (`GET /report/call-activity`): calls started and results saved per user
// in a range of days of the practice group's time zone.
import type { components } from "../../contract/schema";
import type { CallStartRecord, ResultRecord } from "../../demo/records.ts";
import { contains, toInstantRange, type DateRange } from "../../domain/calendar.ts";
import { callActivityRows } from "../../domain/reports/callActivity.ts";

type User = components["schemas"]["User"];

function countByUser<T extends { userId: number }>(records: readonly T[], inRange: (record: T) => boolean): Map<number, number> {
  const counts = new Map<number, number>();
  for (const record of records) if (inRange(record)) counts.set(record.userId, (counts.get(record.userId) ?? 0) + 1);
  return counts;
}

export function callActivityReport(callStarts: readonly CallStartRecord[], results: readonly ResultRecord[], users: readonly User[], range: DateRange) {
  const instants = toInstantRange(range);
  return callActivityRows(
    users,
    countByUser(callStarts, (start) => contains(instants, Date.parse(start.startedAt))),
    countByUser(results, (result) => contains(instants, Date.parse(result.createdAt))),
  );
}
