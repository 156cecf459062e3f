import type { SnapshotFrom } from "xstate";
import type { usageReportMachine } from "./usageReport.machine";

type UsageReportSnapshot = SnapshotFrom<typeof usageReportMachine>;

/** A child invoked at the root: present while the report runs. */
function child<TChild>(child: TChild | undefined, id: string): TChild {
  if (!child) throw new Error(`The usage report's ${id} table is not running.`);
  return child;
}

/** The page visits' report (its own loading, sorting and errors). */
export const selectVisits = (snapshot: UsageReportSnapshot) => child(snapshot.children.report, "visits");
/** The call activity over the same dates. */
export const selectCalls = (snapshot: UsageReportSnapshot) => child(snapshot.children.calls, "calls");
export const selectStartDate = (snapshot: UsageReportSnapshot) => snapshot.context.startDate;
export const selectEndDate = (snapshot: UsageReportSnapshot) => snapshot.context.endDate;
export const selectVisitedUrlDraft = (snapshot: UsageReportSnapshot) => snapshot.context.visitedUrlDraft;
export const selectUserSearchDraft = (snapshot: UsageReportSnapshot) => snapshot.context.userSearchDraft;
