// §2 Priority Status Report: a table by location with P1, P2, P3, P4 and sum, sortable; filters by
// practice and region; Export CSV (PriorityStatus.csv) and Refresh.
import { useSelector } from "@xstate/react";
import { Link } from "wouter";
import type { ActorRefFrom } from "xstate";
import { CountLink } from "../../components/CountLink";
import { priorityHref } from "../../machines/report/drillDown";
import { TREATMENT_PRIORITIES, type TreatmentPriority } from "../../../domain/members/listFilters.ts";
import { DataTable, type Column } from "../../components/DataTable";
import { ReportStatus } from "../../components/ReportStatus";
import {
  selectPriorityExport,
  selectPriorityFilters,
  selectPriorityPractices,
  selectPriorityRegions,
  selectPriorityRows,
  type PriorityFilters,
  type PriorityRow,
  type priorityStatusMachine,
} from "../../machines/priorityStatusReport/priorityStatus";
import { sameExportRequest } from "../../machines/export/export.selectors";
import { selectReportFailure, selectReportSort, selectReportStatus } from "../../machines/report/report.selectors";
import { PracticeSelect, RegionSelect } from "../../components/ReportFilters";
import { PageHeader } from "../../components/PageHeader";
import { ExportCsvButton, type ExportActor } from "../export/ExportCsvButton";

const priorityColumn = (priority: TreatmentPriority): Column<PriorityRow> => ({
  key: priority,
  header: priority,
  align: "end",
  cell: (row) => <CountLink count={row[priority]} href={priorityHref(row.practiceId, row[priority], priority)} />,
});

// Each count opens the members behind it; the location opens all of its members with planned treatment.
const COLUMNS: Column<PriorityRow>[] = [
  {
    key: "location",
    header: "Location",
    cell: (row) => {
      const href = priorityHref(row.practiceId, row.sum);
      return href ? <Link href={href} title={`Open the ${row.sum} members of ${row.location} with planned treatment`}>{row.location}</Link> : row.location;
    },
  },
  ...TREATMENT_PRIORITIES.map(priorityColumn),
  { key: "sum", header: "Sum", align: "end", cell: (row) => <CountLink count={row.sum} href={priorityHref(row.practiceId, row.sum)} /> },
];

interface PriorityStatusReportScreenProps {
  actor: ActorRefFrom<typeof priorityStatusMachine>;
  exporter: ExportActor;
}

export function PriorityStatusReportScreen({ actor, exporter }: PriorityStatusReportScreenProps) {
  const status = useSelector(actor, selectReportStatus);
  const failure = useSelector(actor, selectReportFailure);
  const sort = useSelector(actor, selectReportSort);
  const filters = useSelector(actor, selectPriorityFilters);
  const rows = useSelector(actor, selectPriorityRows);
  const practices = useSelector(actor, selectPriorityPractices);
  const regions = useSelector(actor, selectPriorityRegions);
  const exportRequest = useSelector(actor, selectPriorityExport, sameExportRequest);

  const change = (filters: Partial<PriorityFilters>) => actor.send({ type: "report.filters.change", filters });
  const refresh = () => actor.send({ type: "report.refresh" });

  return (
    <section className="page" aria-labelledby="page-title">
      <PageHeader title="Priority Status Report">
        <ExportCsvButton actor={exporter} request={exportRequest} />
        <button type="button" className="button" onClick={refresh}>
          Refresh
        </button>
      </PageHeader>
      <div className="filters">
        <RegionSelect value={filters.region} regions={regions} onChange={(region) => change({ region })} />
        <PracticeSelect value={filters.practice} practices={practices} onChange={(practice) => change({ practice })} />
      </div>
      <ReportStatus status={status} failure={failure} onRetry={refresh} what="the priority status report">
        <DataTable
          caption={`Patients with planned treatment by priority (${rows.length} locations)`}
          columns={COLUMNS}
          rows={rows}
          rowKey={(row) => row.practiceId}
          sort={sort}
          onSort={(column) => actor.send({ type: "report.sort", column })}
          empty="No locations match these filters."
        />
      </ReportStatus>
    </section>
  );
}
