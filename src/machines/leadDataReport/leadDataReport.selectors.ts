import type { SnapshotFrom } from "xstate";
import { leadPeriodBounds, toLeadDate, type LeadDataRequest } from "../../../domain/reports/leadData.ts";
import type { leadDataReportMachine } from "./leadDataReport.machine";

type Snapshot = SnapshotFrom<typeof leadDataReportMachine>;

/** The shared report status names (src/components/ReportStatus). */
export const selectLeadStatus = (snapshot: Snapshot): "loading" | "ready" | "failed" =>
  snapshot.matches("loading") ? "loading" : snapshot.matches("failed") ? "failed" : "ready";
export const selectLeadFailure = (snapshot: Snapshot) => snapshot.context.failure;
export const selectLeadPeriods = (snapshot: Snapshot) => snapshot.context.periods;
export const selectLeadPractices = (snapshot: Snapshot) => snapshot.context.practices;
export const selectLeadRange = (snapshot: Snapshot) => snapshot.context.range;
export const selectLeadRangeReport = (snapshot: Snapshot) => snapshot.context.rangeReport;
export const selectLeadRangeProblem = (snapshot: Snapshot) => snapshot.context.rangeProblem;
export const selectLeadUpdating = (snapshot: Snapshot) => snapshot.matches("updating");

/** The dates the custom range table counts: those of the answer, not the fields being edited. */
export const selectLeadRangeCounted = (snapshot: Snapshot) => {
  const period = snapshot.context.rangeReport?.periods[0];
  return period ? { startDate: toLeadDate(period.startDate), endDate: toLeadDate(period.endDate) } : null;
};

/** What the standard periods table was asked with (the screen's moment), for its export. */
export const selectLeadPeriodsRequest = (snapshot: Snapshot): LeadDataRequest => ({ mode: "periods", ...leadPeriodBounds(snapshot.context.now) });
/** What the custom range table answers, for its export. */
export const selectLeadRangeRequest = (snapshot: Snapshot) => snapshot.context.rangeRequest;
