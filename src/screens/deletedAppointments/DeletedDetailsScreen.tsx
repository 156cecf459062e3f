// §2 Deleted appointments, Details: each deletion (what, where, when, by whom), paged by the server.
import { useSelector } from "@xstate/react";
import { useServices } from "../../app/ServicesContext";
import { DataTable, type Column } from "../../components/DataTable";
import { PAGE_SIZES, type PageSize } from "../../lib/constants";
import {
  formatDeletedDateTime,
  selectDetails,
  type DeletedAppointment,
} from "../../machines/deletedAppointments/deletedAppointments";
import { DeletedAppointmentsPage } from "./DeletedAppointmentsPage";
import { useDeletedView } from "./useDeletedView";

const COLUMNS: Column<DeletedAppointment>[] = [
  { key: "deletedAt", header: "Deleted at", cell: (row) => formatDeletedDateTime(row.deletedAt) },
  { key: "practice", header: "Practice" },
  { key: "PatNum", header: "Patient number" },
  { key: "patientName", header: "Patient" },
  { key: "appointmentDate", header: "Appointment", cell: (row) => formatDeletedDateTime(row.appointmentDate) },
  { key: "deletedBy", header: "Deleted by" },
  { key: "reason", header: "Reason", cell: (row) => row.reason || "—" },
];

export function DeletedDetailsScreen() {
  const { tableReports } = useServices();
  const view = useDeletedView(tableReports.deletedDetails);
  const details = useSelector(view.actor, selectDetails);
  const goTo = (pageNum: number) => view.change({ pageNum });
  return (
    <DeletedAppointmentsPage title="Deleted Appointments — Details" className="deleted-details" view={view}>
      <DataTable
        caption={`Deleted appointments, ${details.count} in all (page ${details.pageNum} of ${details.pageCount})`}
        columns={COLUMNS}
        rows={details.rows}
        rowKey={(row) => row.id}
        sort={view.sort}
        onSort={view.sortBy}
        empty="No appointments were deleted in this range."
      />
      <nav className="filters deleted-pager" aria-label="Pages">
        <label>
          Rows per page
          <select value={details.pageSize} onChange={(e) => view.change({ pageSize: Number(e.target.value) as PageSize })}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" disabled={details.pageNum <= 1} onClick={() => goTo(details.pageNum - 1)}>
          Previous
        </button>
        <span aria-live="polite">
          Page {details.pageNum} of {details.pageCount}
        </span>
        <button type="button" className="button" disabled={details.pageNum >= details.pageCount} onClick={() => goTo(details.pageNum + 1)}>
          Next
        </button>
      </nav>
    </DeletedAppointmentsPage>
  );
}
