import type { SnapshotFrom } from "xstate";
import { leadPeriodBounds, toLeadDate } from "../../../domain/reports/leadData.ts";
import type { ExportRequest } from "../export/export.machine";
import type { leadDataReportMachine } from "./leadDataReport.machine";

type Snapshot = SnapshotFrom<typeof leadDataReportMachine>;

/** The shared report status names (src/components/ReportStatus). */
export const selectLeadStatus = (snapshot: Snapshot): "loading" | "ready" | "failed" =>
  snapshot.matches({ report: "loading" }) ? "loading" : snapshot.matches({ report: "failed" }) ? "failed" : "ready";
export const selectLeadFailure = (snapshot: Snapshot) => snapshot.context.failure;
export const selectLeadPeriods = (snapshot: Snapshot) => snapshot.context.periods;
export const selectLeadPractices = (snapshot: Snapshot) => snapshot.context.practices;
export const selectLeadRange = (snapshot: Snapshot) => snapshot.context.range;
export const selectLeadRangeReport = (snapshot: Snapshot) => snapshot.context.rangeReport;
export const selectLeadRangeProblem = (snapshot: Snapshot) => snapshot.context.rangeProblem;
export const selectLeadUpdating = (snapshot: Snapshot) => snapshot.matches({ report: "updating" });

/** The dates the custom range table counts: those of the answer, not the fields being edited. */
export const selectLeadRangeCounted = (snapshot: Snapshot) => {
  const period = snapshot.context.rangeReport?.periods[0];
  return period ? { startDate: toLeadDate(period.startDate), endDate: toLeadDate(period.endDate) } : null;
};

/** The standard periods table as CSV, asked as the table was (the screen's moment), once it is shown. */
export const selectLeadPeriodsExport = (snapshot: Snapshot): ExportRequest | null =>
  selectLeadStatus(snapshot) === "ready" ? { report: "leadData", body: { mode: "periods", ...leadPeriodBounds(snapshot.context.now) } } : null;

/** The custom range table as CSV, asked as the table was (not the fields being edited), while no Update runs. */
export const selectLeadRangeExport = (snapshot: Snapshot): ExportRequest | null =>
  snapshot.context.rangeRequest && !selectLeadUpdating(snapshot) ? { report: "leadData", body: snapshot.context.rangeRequest } : null;
