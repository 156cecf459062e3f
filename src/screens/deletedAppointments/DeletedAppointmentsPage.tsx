// The frame of a deleted-appointments view: heading, Export CSV, Refresh, the filters, the status.
import type { ReactNode } from "react";
import { ReportStatus } from "../../components/ReportStatus";
import { DeletedFilters } from "./DeletedFilters";
import "./deletedAppointments.css";
import type { useDeletedView } from "./useDeletedView";
import { PageHeader } from "../../components/PageHeader";
import { deletedQuery } from "../../machines/deletedAppointments/deletedAppointments";
import { ExportCsv } from "../export/ExportCsv";

interface DeletedAppointmentsPageProps {
  title: string;
  /** Which export the view's Export CSV takes. */
  exportAs: "deletedByGroup" | "deletedSummary" | "deletedDetails";
  className?: string;
  view: ReturnType<typeof useDeletedView>;
  children: ReactNode;
}

export function DeletedAppointmentsPage({ title, exportAs, className, view, children }: DeletedAppointmentsPageProps) {
  return (
    <section className={`page${className ? ` ${className}` : ""}`} aria-labelledby="page-title">
      <PageHeader title={title}>
        <ExportCsv disabled={view.status !== "ready"} request={() => ({ report: exportAs, query: deletedQuery(view.filters) })} />
        <button type="button" className="button" onClick={view.refresh}>
          Refresh
        </button>
      </PageHeader>
      <DeletedFilters filters={view.filters} regions={view.regions} practices={view.practices} onChange={view.change} />
      <ReportStatus status={view.status} failure={view.failure} onRetry={view.refresh} what="the deleted appointments">
        {children}
      </ReportStatus>
    </section>
  );
}
