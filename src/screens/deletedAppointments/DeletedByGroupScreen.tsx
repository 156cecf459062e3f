// §2 Deleted appointments, By Group: deletions in the range per group (region).
import { useSelector } from "@xstate/react";
import { useServices } from "../../app/ServicesContext";
import { DataTable, type Column } from "../../components/DataTable";
import { selectGroupRows, type DeletedGroupRow } from "../../machines/deletedAppointments/deletedAppointments";
import { DeletedAppointmentsPage } from "./DeletedAppointmentsPage";
import { useDeletedView } from "./useDeletedView";

const COLUMNS: Column<DeletedGroupRow>[] = [
  { key: "group", header: "Group" },
  { key: "count", header: "Deleted appointments", align: "end" },
  { key: "practices", header: "Practices with deletions", align: "end" },
];

export function DeletedByGroupScreen() {
  const { tableReports } = useServices();
  const view = useDeletedView(tableReports.deletedByGroup);
  const rows = useSelector(view.actor, selectGroupRows);
  return (
    <DeletedAppointmentsPage exportAs="deletedByGroup" title="Deleted Appointments — By Group" view={view}>
      <DataTable
        caption={`Deleted appointments by group, ${view.filters.startDate} to ${view.filters.endDate}`}
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.group}
        sort={view.sort}
        onSort={view.sortBy}
        empty="No groups match these filters."
      />
    </DeletedAppointmentsPage>
  );
}
