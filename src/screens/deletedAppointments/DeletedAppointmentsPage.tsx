// The frame of a deleted-appointments view: heading, Refresh, the filters, the status.
import type { ReactNode } from "react";
import { ReportStatus } from "../../components/ReportStatus";
import { DeletedFilters } from "./DeletedFilters";
import "./deletedAppointments.css";
import type { useDeletedView } from "./useDeletedView";

interface DeletedAppointmentsPageProps {
  title: string;
  className?: string;
  view: ReturnType<typeof useDeletedView>;
  children: ReactNode;
}

export function DeletedAppointmentsPage({ title, className, view, children }: DeletedAppointmentsPageProps) {
  return (
    <section className={`page${className ? ` ${className}` : ""}`}>
      <div className="page__header">
        <h1>{title}</h1>
        <div className="page__actions">
          <button type="button" className="button" onClick={view.refresh}>
            Refresh
          </button>
        </div>
      </div>
      <DeletedFilters filters={view.filters} regions={view.regions} practices={view.practices} onChange={view.change} />
      <ReportStatus status={view.status} failure={view.failure} onRetry={view.refresh} what="the deleted appointments">
        {children}
      </ReportStatus>
    </section>
  );
}
