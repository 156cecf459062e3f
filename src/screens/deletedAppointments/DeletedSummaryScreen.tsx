// §2 Deleted appointments, Summary: deletions per practice, with their reasons.
import { useSelector } from "@xstate/react";
import { useServices } from "../../app/ServicesContext";
import { DataTable, type Column } from "../../components/DataTable";
import { reasonsText, selectSummaryRows, type DeletedSummaryRow } from "../../machines/deletedAppointments/deletedAppointments";
import { DeletedAppointmentsPage } from "./DeletedAppointmentsPage";
import { useDeletedView } from "./useDeletedView";

const COLUMNS: Column<DeletedSummaryRow>[] = [
  { key: "practice", header: "Practice" },
  { key: "region", header: "Group" },
  { key: "count", header: "Deleted appointments", align: "end" },
  { key: "byReason", header: "Reasons", sortable: false, cell: reasonsText },
];

export function DeletedSummaryScreen() {
  const { tableReports } = useServices();
  const view = useDeletedView(tableReports.deletedSummary);
  const rows = useSelector(view.actor, selectSummaryRows);
  return (
    <DeletedAppointmentsPage exportAs="deletedSummary" title="Deleted Appointments — Summary" view={view}>
      <DataTable
        caption={`Deleted appointments by practice, ${view.filters.startDate} to ${view.filters.endDate}`}
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.practiceId}
        sort={view.sort}
        onSort={view.sortBy}
        empty="No appointments were deleted in this range."
      />
    </DeletedAppointmentsPage>
  );
}
