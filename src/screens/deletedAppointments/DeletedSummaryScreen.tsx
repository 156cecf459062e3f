// §2 Deleted appointments, Summary: deletions per practice, with their reasons.
import { useSelector } from "@xstate/react";
import { DataTable, type Column } from "../../components/DataTable";
import { deletedExport, reasonsText, selectSummaryRows, type DeletedSummaryRow } from "../../machines/deletedAppointments/deletedAppointments";
import { DeletedAppointmentsPage } from "./DeletedAppointmentsPage";
import { useDeletedView, type DeletedView, type DeletedViewActor } from "./useDeletedView";
import { regionTitleOf } from "../../components/ReportFilters";
import type { ExportActor } from "../export/ExportCsvButton";

/** Groups by their current names. */
const columnsOf = (regions: DeletedView["regions"]): Column<DeletedSummaryRow>[] => [
  { key: "practice", header: "Practice" },
  { key: "region", header: "Group", cell: (row) => regionTitleOf(regions, row.region) },
  { key: "count", header: "Deleted appointments", align: "end" },
  { key: "byReason", header: "Reasons", sortable: false, cell: reasonsText },
];

const exportOfSummary = deletedExport("deletedSummary");

interface DeletedSummaryScreenProps {
  actor: DeletedViewActor<DeletedSummaryRow[]>;
  exporter: ExportActor;
}

export function DeletedSummaryScreen({ actor, exporter }: DeletedSummaryScreenProps) {
  const view = useDeletedView(actor, exportOfSummary);
  const rows = useSelector(actor, selectSummaryRows);
  return (
    <DeletedAppointmentsPage title="Deleted Appointments — Summary" view={view} exporter={exporter}>
      <DataTable
        caption={`Deleted appointments by practice, ${view.filters.startDate} to ${view.filters.endDate}`}
        columns={columnsOf(view.regions)}
        rows={rows}
        rowKey={(row) => row.practiceId}
        sort={view.sort}
        onSort={view.sortBy}
        empty="No appointments were deleted in this range."
      />
    </DeletedAppointmentsPage>
  );
}
