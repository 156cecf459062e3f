import type { ActorRefFrom, SnapshotFrom } from "xstate";
import { sortRows } from "../../lib/sortRows";
import type { reportMachine } from "../report/report.machine";
import { reportSelectors } from "../report/report.selectors";
import type { CallActivityQuery, CallActivityRow, UsageQuery, usageReportMachine, UsageRow } from "./usageReport.machine";

type UsageReportSnapshot = SnapshotFrom<typeof usageReportMachine>;
type ReportSnapshot = SnapshotFrom<typeof reportMachine>;

const usage = reportSelectors<UsageQuery, UsageRow[]>();
const calls = reportSelectors<CallActivityQuery, CallActivityRow[]>();

/** The child that loads and sorts; invoked at the root, so present while the report runs. */
export const selectReport = (snapshot: UsageReportSnapshot) => snapshot.children.report as ActorRefFrom<typeof reportMachine>;
/** The child that loads the call activity over the same dates. */
export const selectCalls = (snapshot: UsageReportSnapshot) => snapshot.children.calls as ActorRefFrom<typeof reportMachine>;
export const selectStartDate = (snapshot: UsageReportSnapshot) => snapshot.context.startDate;
export const selectEndDate = (snapshot: UsageReportSnapshot) => snapshot.context.endDate;
export const selectVisitedUrlDraft = (snapshot: UsageReportSnapshot) => snapshot.context.visitedUrlDraft;
export const selectUserSearchDraft = (snapshot: UsageReportSnapshot) => snapshot.context.userSearchDraft;

/** The rows in the chosen order (client sort, §2 "Sortable table"). */
export const selectUsageRows = (snapshot: ReportSnapshot): UsageRow[] => {
  const rows = usage.data(snapshot) ?? [];
  const { column, direction } = snapshot.context.sort;
  return sortRows(rows, column as keyof UsageRow | null, direction);
};
export const selectUsageFilters = usage.filters;

/** The call activity rows in the chosen order. */
export const selectCallActivityRows = (snapshot: ReportSnapshot): CallActivityRow[] => {
  const rows = calls.data(snapshot) ?? [];
  const { column, direction } = snapshot.context.sort;
  return sortRows(rows, column as keyof CallActivityRow | null, direction);
};
