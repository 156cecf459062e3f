// §2 Deleted appointments, Details: each deletion (what, where, when, by whom), paged by the server.
import { useSelector } from "@xstate/react";
import { DataTable, type Column } from "../../components/DataTable";
import { Pagination } from "../../components/Pagination";
import {
  deletedExport,
  formatDeletedDateTime,
  selectDetails,
  type DeletedAppointment,
  type DeletedDetails,
} from "../../machines/deletedAppointments/deletedAppointments";
import { DeletedAppointmentsPage } from "./DeletedAppointmentsPage";
import { useDeletedView, type DeletedViewActor } from "./useDeletedView";
import type { ExportActor } from "../export/ExportCsvButton";

const COLUMNS: Column<DeletedAppointment>[] = [
  { key: "deletedAt", header: "Deleted at", cell: (row) => formatDeletedDateTime(row.deletedAt) },
  { key: "practice", header: "Practice" },
  { key: "PatNum", header: "Patient number" },
  { key: "patientName", header: "Patient" },
  { key: "appointmentDate", header: "Appointment", cell: (row) => formatDeletedDateTime(row.appointmentDate) },
  { key: "deletedBy", header: "Deleted by" },
  { key: "reason", header: "Reason", cell: (row) => row.reason || "—" },
];

const exportOfDetails = deletedExport("deletedDetails");

interface DeletedDetailsScreenProps {
  actor: DeletedViewActor<DeletedDetails>;
  exporter: ExportActor;
}

export function DeletedDetailsScreen({ actor, exporter }: DeletedDetailsScreenProps) {
  const view = useDeletedView(actor, exportOfDetails);
  const details = useSelector(actor, selectDetails);
  const goTo = (pageNum: number) => view.change({ pageNum });
  return (
    <DeletedAppointmentsPage title="Deleted Appointments — Details" className="deleted-details" view={view} exporter={exporter}>
      <DataTable
        caption={`Deleted appointments, ${details.count} in all (page ${details.pageNum} of ${details.pageCount})`}
        columns={COLUMNS}
        rows={details.rows}
        rowKey={(row) => row.id}
        sort={view.sort}
        onSort={view.sortBy}
        empty="No appointments were deleted in this range."
      />
      <Pagination
        label="Pages of deleted appointments"
        page={details.pageNum}
        pageCount={details.pageCount}
        pageSize={details.pageSize}
        summary={`Page ${details.pageNum} of ${details.pageCount}`}
        onPage={goTo}
        onPageSize={(pageSize) => view.change({ pageSize })}
      />
    </DeletedAppointmentsPage>
  );
}
