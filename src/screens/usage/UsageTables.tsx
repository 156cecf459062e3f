// The Universal Usage Report's two tables: the page visits (§2's sortable table) and, beside them,
// the calls started and results saved per agent over the same dates, of all calls or a campaign's.
// Each is a report actor of its own, child of the usage report's.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { DataTable, type Column } from "../../components/DataTable";
import { ReportStatus } from "../../components/ReportStatus";
import { selectReportFailure, selectReportSort, selectReportStatus } from "../../machines/report/report.selectors";
import { CampaignSelect } from "../../components/CampaignSelect";
import {
  selectCallActivityCampaign,
  selectCallActivityCampaigns,
  selectCallActivityRows,
  selectUsageRows,
  type callActivityMachine,
  type CallActivityRow,
  type usageVisitsMachine,
  type UsageVisit,
} from "../../machines/usageReport/usageTables";
import { formatDate } from "../../lib/format";

/** An e-mail address, whole on one line (a broken address reads as two). */
const email = (address: string) => <span className="usage-report__email">{address}</span>;

/** Practice names, one a line (a name wraps between its words only when the column is narrow). */
const practiceNames = (names: string[]) => (
  <ul className="usage-report__practices">
    {names.map((name, index) => (
      <li key={`${index}-${name}`}>{name}</li>
    ))}
  </ul>
);

const VISIT_COLUMNS: Column<UsageVisit>[] = [
  { key: "userId", header: "User Id", align: "end" },
  { key: "visitedUrl", header: "Visited Page" },
  { key: "defaultPractices", header: "Default Practice", cell: (row) => practiceNames(row.defaultPractices) },
  { key: "username", header: "User Name", cell: (row) => email(row.username) },
  { key: "firstname", header: "First Name" },
  { key: "lastname", header: "Last Name" },
  { key: "accessDate", header: "Access Date", cell: (row) => formatDate(row.accessDate) },
  { key: "count", header: "Count", align: "end" },
];

const CALL_COLUMNS: Column<CallActivityRow>[] = [
  { key: "userId", header: "User Id", align: "end" },
  { key: "username", header: "User Name", cell: (row) => email(row.username) },
  { key: "firstname", header: "First Name" },
  { key: "lastname", header: "Last Name" },
  { key: "callsStarted", header: "Calls Started", align: "end" },
  { key: "resultsSaved", header: "Results Saved", align: "end" },
];

interface TableProps<TMachine> {
  actor: ActorRefFrom<TMachine>;
  /** "from 03/01/2026 to 03/31/2026" */
  dates: string;
}

export function VisitsTable({ actor, dates }: TableProps<typeof usageVisitsMachine>) {
  const status = useSelector(actor, selectReportStatus);
  const failure = useSelector(actor, selectReportFailure);
  const sort = useSelector(actor, selectReportSort);
  const rows = useSelector(actor, selectUsageRows);
  return (
    <ReportStatus status={status} failure={failure} onRetry={() => actor.send({ type: "report.refresh" })} what="the usage report">
      <DataTable
        caption={`Page visits ${dates}: ${rows.length} rows`}
        columns={VISIT_COLUMNS}
        rows={rows}
        rowKey={(row) => `${row.userId}|${row.visitedUrl}|${row.defualtPracticeId}`}
        sort={sort}
        onSort={(column) => actor.send({ type: "report.sort", column })}
        empty="No usage found for these dates and searches."
      />
    </ReportStatus>
  );
}

export function CallActivityTable({ actor, dates }: TableProps<typeof callActivityMachine>) {
  const status = useSelector(actor, selectReportStatus);
  const failure = useSelector(actor, selectReportFailure);
  const sort = useSelector(actor, selectReportSort);
  const rows = useSelector(actor, selectCallActivityRows);
  const campaign = useSelector(actor, selectCallActivityCampaign);
  const campaigns = useSelector(actor, selectCallActivityCampaigns);
  return (
    <section className="usage-report__calls" aria-labelledby="call-activity-title">
      <h2 id="call-activity-title">Calls started and results saved</h2>
      <p className="usage-report__hint">Calls started from a member&apos;s phone number beside the results saved, per agent, over the same dates.</p>
      <div className="filters">
        <CampaignSelect
          campaigns={campaigns}
          value={campaign}
          allLabel="All calls"
          onChange={(chosen) => actor.send({ type: "report.filters.change", filters: { campaign: chosen } })}
        />
      </div>
      <ReportStatus status={status} failure={failure} onRetry={() => actor.send({ type: "report.refresh" })} what="the call activity">
        <DataTable
          caption={`Calls started and results saved ${dates}: ${rows.length} agents`}
          columns={CALL_COLUMNS}
          rows={rows}
          rowKey={(row) => String(row.userId)}
          sort={sort}
          onSort={(column) => actor.send({ type: "report.sort", column })}
          empty="No calls started and no results saved on these dates."
        />
      </ReportStatus>
    </section>
  );
}
