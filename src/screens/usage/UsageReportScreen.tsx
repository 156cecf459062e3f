// §2 Universal Usage Report (administrators): start and end date, search by visited page (as you
// type, the machine waits 500 ms) and by user (Enter or Search), a sortable table of visits.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { PageHeader } from "../../components/PageHeader";
import { formatDate } from "../../lib/format";
import { SearchForm } from "../../components/SearchForm";
import { sameExportRequest } from "../../machines/export/export.selectors";
import type { usageReportMachine } from "../../machines/usageReport/usageReport.machine";
import * as usage from "../../machines/usageReport/usageReport.selectors";
import { selectUsageExport } from "../../machines/usageReport/usageTables";
import { ExportCsvButton, type ExportActor } from "../export/ExportCsvButton";
import { CallActivityTable, VisitsTable } from "./UsageTables";
import "./usage.css";

type UsageReportActor = ActorRefFrom<typeof usageReportMachine>;

export function UsageReportScreen({ actor, exporter }: { actor: UsageReportActor; exporter: ExportActor }) {
  const visits = useSelector(actor, usage.selectVisits);
  const calls = useSelector(actor, usage.selectCalls);
  const startDate = useSelector(actor, usage.selectStartDate);
  const endDate = useSelector(actor, usage.selectEndDate);
  const exportRequest = useSelector(visits, selectUsageExport, sameExportRequest);
  const dates = `from ${formatDate(startDate)} to ${formatDate(endDate)}`;

  return (
    <section className="page usage-report" aria-labelledby="page-title">
      <PageHeader title="Universal Usage Report">
        <ExportCsvButton actor={exporter} request={exportRequest} />
      </PageHeader>
      <UsageFilters actor={actor} />
      <VisitsTable actor={visits} dates={dates} />
      <CallActivityTable actor={calls} dates={dates} />
    </section>
  );
}

function UsageFilters({ actor }: { actor: UsageReportActor }) {
  const startDate = useSelector(actor, usage.selectStartDate);
  const endDate = useSelector(actor, usage.selectEndDate);
  const visitedUrl = useSelector(actor, usage.selectVisitedUrlDraft);
  const userSearch = useSelector(actor, usage.selectUserSearchDraft);
  return (
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
  );
}
