// The frame of a deleted-appointments view: heading, Export CSV, Refresh, the filters, the status.
import type { ReactNode } from "react";
import { ReportStatus } from "../../components/ReportStatus";
import { DeletedFilters } from "./DeletedFilters";
import "./deletedAppointments.css";
import type { DeletedView } from "./useDeletedView";
import { PageHeader } from "../../components/PageHeader";
import { ExportCsvButton, type ExportActor } from "../export/ExportCsvButton";

interface DeletedAppointmentsPageProps {
  title: string;
  className?: string;
  view: DeletedView;
  exporter: ExportActor;
  children: ReactNode;
}

export function DeletedAppointmentsPage({ title, className, view, exporter, children }: DeletedAppointmentsPageProps) {
  return (
    <section className={`page${className ? ` ${className}` : ""}`} aria-labelledby="page-title">
      <PageHeader title={title}>
        <ExportCsvButton actor={exporter} request={view.exportRequest} />
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
