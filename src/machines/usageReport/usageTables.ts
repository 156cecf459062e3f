// The Universal Usage Report's two tables, each the shared report workflow run as a child of the
// usage report's machine: the page visits (openapi.yaml GET /report/usage/{params}), whose default
// practices show by name (the practices are its one list), and, over the same dates, the
// calls started and results saved per agent (getCallActivityReport), of all work or a campaign's
// (the campaigns are its one list).
import type { components } from "../../../contract/schema";
import type { ExportRequest } from "../export/export.machine";
import type { CampaignChoice } from "../report/report.actors";
import { createReportMachine } from "../report/report.machine";
import { selectReportReady, sortedRows, type ReportSnapshot } from "../report/report.selectors";
import { defaultPracticeList } from "../../lib/practiceNames";

export type UsageRow = components["schemas"]["UsageRow"];
export type UsageQuery = components["schemas"]["UsageQuery"];
export type CallActivityRow = components["schemas"]["CallActivityRow"];
/** The call activity's dates, and the campaign it is narrowed to (null: all work). */
export type CallActivityQuery = Pick<UsageQuery, "startDate" | "endDate"> & { campaign: number | null };
type Practice = components["schemas"]["Practice"];

/** A visit as the table shows it: its default practices by name, sorted as shown. */
export interface UsageVisit extends UsageRow {
  defaultPractices: string[];
}

export const usageVisitsMachine = createReportMachine<UsageQuery, UsageRow[], Practice[]>({ id: "usageVisits", lists: true });
export const callActivityMachine = createReportMachine<CallActivityQuery, CallActivityRow[], CampaignChoice[]>({ id: "callActivity", lists: true });

type VisitsSnapshot = ReportSnapshot<UsageQuery, UsageRow[], Practice[]>;
type CallActivitySnapshot = ReportSnapshot<CallActivityQuery, CallActivityRow[], CampaignChoice[]>;

/**
 * The visits in the chosen order (client sort, §2 "Sortable table"), their default practices named
 * (["Smile Magic Sugar Land", "Bright Pediatric Dental Dallas"] for "22;4"; ids until the practices
 * have come): an administrator reads a report of the whole group, where abbreviations say little.
 */
export const selectUsageRows = (snapshot: VisitsSnapshot): UsageVisit[] => {
  const practices = snapshot.context.lists ?? [];
  const visits = (snapshot.context.data ?? []).map((row) => ({
    ...row,
    defaultPractices: defaultPracticeList(row.defualtPracticeId, practices, (practice) => practice.practice),
  }));
  return sortedRows(visits, snapshot.context.sort);
};

/** The call activity rows in the chosen order. */
export const selectCallActivityRows = (snapshot: CallActivitySnapshot) => sortedRows(snapshot.context.data ?? [], snapshot.context.sort);
export const selectCallActivityCampaign = (snapshot: CallActivitySnapshot) => snapshot.context.filters.campaign;
/** The campaigns of the call activity's filter (none until they come). */
export const selectCallActivityCampaigns = (snapshot: CallActivitySnapshot) => snapshot.context.lists ?? [];

/** The visits of the dates and searches shown, as CSV, once they are shown. */
export const selectUsageExport = (snapshot: VisitsSnapshot): ExportRequest | null =>
  selectReportReady(snapshot) ? { report: "usage", query: snapshot.context.filters } : null;
