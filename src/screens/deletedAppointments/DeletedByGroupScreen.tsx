// §2 Deleted appointments, By Group: deletions in the range per group (region).
import { useSelector } from "@xstate/react";
import { DataTable, type Column } from "../../components/DataTable";
import { deletedExport, selectGroupRows, type DeletedGroupRow } from "../../machines/deletedAppointments/deletedAppointments";
import { DeletedAppointmentsPage } from "./DeletedAppointmentsPage";
import { useDeletedView, type DeletedView, type DeletedViewActor } from "./useDeletedView";
import { regionTitleOf } from "../../components/ReportFilters";
import type { ExportActor } from "../export/ExportCsvButton";

/** Groups by their current names. */
const columnsOf = (regions: DeletedView["regions"]): Column<DeletedGroupRow>[] => [
  { key: "group", header: "Group", cell: (row) => regionTitleOf(regions, row.group) },
  { key: "count", header: "Deleted appointments", align: "end" },
  { key: "practices", header: "Practices with deletions", align: "end" },
];

const exportOfByGroup = deletedExport("deletedByGroup");

interface DeletedByGroupScreenProps {
  actor: DeletedViewActor<DeletedGroupRow[]>;
  exporter: ExportActor;
}

export function DeletedByGroupScreen({ actor, exporter }: DeletedByGroupScreenProps) {
  const view = useDeletedView(actor, exportOfByGroup);
  const rows = useSelector(actor, selectGroupRows);
  return (
    <DeletedAppointmentsPage title="Deleted Appointments — By Group" view={view} exporter={exporter}>
      <DataTable
        caption={`Deleted appointments by group, ${view.filters.startDate} to ${view.filters.endDate}`}
        columns={columnsOf(view.regions)}
        rows={rows}
        rowKey={(row) => row.group}
        sort={view.sort}
        onSort={view.sortBy}
        empty="No groups match these filters."
      />
    </DeletedAppointmentsPage>
  );
}
