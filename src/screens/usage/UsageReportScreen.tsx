// §2 Universal Usage Report (administrators): start and end date, search by visited page (as you
// type, the machine waits 500 ms) and by user (Enter or Search), a sortable table of visits.
import { useSelector } from "@xstate/react";
import { useServices } from "../../app/ServicesContext";
import { useAppActor } from "../../app/useAppActor";
import { DataTable, type Column } from "../../components/DataTable";
import { ReportStatus } from "../../components/ReportStatus";
import { selectIsAdmin } from "../../machines/auth/auth.selectors";
import { selectReportFailure, selectReportSort, selectReportStatus } from "../../machines/report/report.selectors";
import type { CallActivityRow, UsageRow } from "../../machines/usageReport/usageReport.machine";
import * as usage from "../../machines/usageReport/usageReport.selectors";
import "./usage.css";
import { PageHeader } from "../../components/PageHeader";
import { SearchForm } from "../../components/SearchForm";
import { ExportCsv } from "../export/ExportCsv";

const COLUMNS: Column<UsageRow>[] = [
  { key: "userId", header: "User Id", align: "end" },
  { key: "visitedUrl", header: "Visited Page" },
  { key: "defualtPracticeId", header: "Default Practice" },
  { key: "username", header: "User Name" },
  { key: "firstname", header: "First Name" },
  { key: "lastname", header: "Last Name" },
  { key: "accessDate", header: "Access Date" },
  { key: "count", header: "Count", align: "end" },
];

const CALL_COLUMNS: Column<CallActivityRow>[] = [
  { key: "userId", header: "User Id", align: "end" },
  { key: "username", header: "User Name" },
  { key: "firstname", header: "First Name" },
  { key: "lastname", header: "Last Name" },
  { key: "callsStarted", header: "Calls Started", align: "end" },
  { key: "resultsSaved", header: "Results Saved", align: "end" },
];

export function UsageReportScreen() {
  const services = useServices();
  const isAdmin = useSelector(services.auth, selectIsAdmin);
  const actor = useAppActor(services.usageReport, { input: { isAdmin } });
  const report = useSelector(actor, usage.selectReport);
  const startDate = useSelector(actor, usage.selectStartDate);
  const endDate = useSelector(actor, usage.selectEndDate);
  const visitedUrl = useSelector(actor, usage.selectVisitedUrlDraft);
  const userSearch = useSelector(actor, usage.selectUserSearchDraft);
  const status = useSelector(report, selectReportStatus);
  const failure = useSelector(report, selectReportFailure);
  const sort = useSelector(report, selectReportSort);
  const rows = useSelector(report, usage.selectUsageRows);
  const calls = useSelector(actor, usage.selectCalls);
  const callsStatus = useSelector(calls, selectReportStatus);
  const callsFailure = useSelector(calls, selectReportFailure);
  const callsSort = useSelector(calls, selectReportSort);
  const callRows = useSelector(calls, usage.selectCallActivityRows);
  const filters = useSelector(report, usage.selectUsageFilters);

  return (
    <section className="page usage-report" aria-labelledby="page-title">
      <PageHeader title="Universal Usage Report">
        <ExportCsv disabled={status !== "ready"} request={() => ({ report: "usage", query: filters })} />
      </PageHeader>

      <div className="filters">
        <label>
          Start date
          <input
            type="date"
            value={startDate}
            max={endDate}
            required
            onChange={(event) => event.target.value && actor.send({ type: "usage.startDate.change", value: event.target.value })}
          />
        </label>
        <label>
          End date
          <input
            type="date"
            value={endDate}
            min={startDate}
            required
            onChange={(event) => event.target.value && actor.send({ type: "usage.endDate.change", value: event.target.value })}
          />
        </label>
        <label>
          Visited page
          <input
            type="search"
            value={visitedUrl}
            placeholder="e.g. /dashboard"
            onChange={(event) => actor.send({ type: "usage.visitedUrl.change", value: event.target.value })}
          />
        </label>
        <SearchForm
          label="User"
          name="Search by user"
          value={userSearch}
          placeholder="Name or e-mail"
          onChange={(value) => actor.send({ type: "usage.user.change", value })}
          onSubmit={() => actor.send({ type: "usage.user.search" })}
        />
      </div>

      <ReportStatus status={status} failure={failure} onRetry={() => report.send({ type: "report.refresh" })} what="the usage report">
        <DataTable
          caption={`Page visits from ${startDate} to ${endDate}: ${rows.length} rows`}
          columns={COLUMNS}
          rows={rows}
          rowKey={(row) => `${row.userId}|${row.visitedUrl}|${row.defualtPracticeId}`}
          sort={sort}
          onSort={(column) => report.send({ type: "report.sort", column })}
          empty="No usage found for these dates and searches."
        />
      </ReportStatus>

      <section className="usage-report__calls" aria-labelledby="call-activity-title">
        <h2 id="call-activity-title">Calls started and results saved</h2>
        <p className="usage-report__hint">Calls started from a member&apos;s phone number beside the results saved, per agent, over the same dates.</p>
        <ReportStatus status={callsStatus} failure={callsFailure} onRetry={() => calls.send({ type: "report.refresh" })} what="the call activity">
          <DataTable
            caption={`Calls started and results saved from ${startDate} to ${endDate}: ${callRows.length} agents`}
            columns={CALL_COLUMNS}
            rows={callRows}
            rowKey={(row) => String(row.userId)}
            sort={callsSort}
            onSort={(column) => calls.send({ type: "report.sort", column })}
            empty="No calls started and no results saved on these dates."
          />
        </ReportStatus>
      </section>
    </section>
  );
}
