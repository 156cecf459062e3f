// §2 New Patient Origin: filters brand, practices and months; per-source expandable tables, a
// total table and a pie chart; CSV download of the first visits (the server's export).
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { PageHeader } from "../../components/PageHeader";
import { ReportStatus } from "../../components/ReportStatus";
import { monthLabel } from "../../lib/format";
import { sameExportRequest } from "../../machines/export/export.selectors";
import type { newPatientOriginMachine } from "../../machines/newPatientOrigin/newPatientOrigin.machine";
import {
  selectData,
  selectFailure,
  selectFilters,
  selectNewPatientOriginExport,
  selectStatus,
} from "../../machines/newPatientOrigin/newPatientOrigin.selectors";
import { ExportCsvButton, type ExportActor } from "../export/ExportCsvButton";
import { NewPatientOriginFilters } from "./NewPatientOriginFilters";
import { SourcesByPractice, SourcesSummary } from "./NewPatientOriginSources";
import "./newPatientOrigin.css";

interface NewPatientOriginScreenProps {
  actor: ActorRefFrom<typeof newPatientOriginMachine>;
  exporter: ExportActor;
}

export function NewPatientOriginScreen({ actor, exporter }: NewPatientOriginScreenProps) {
  const status = useSelector(actor, selectStatus);
  const failure = useSelector(actor, selectFailure);
  const filters = useSelector(actor, selectFilters);
  const data = useSelector(actor, selectData);
  const exportRequest = useSelector(actor, selectNewPatientOriginExport, sameExportRequest);
  const refresh = () => actor.send({ type: "npo.refresh" });

  return (
    <section className="page chart-report" aria-labelledby="page-title">
      <PageHeader title="New Patient Origin">
        <ExportCsvButton actor={exporter} label="Download CSV" request={exportRequest} />
        <button type="button" className="button button--primary" onClick={refresh}>
          Refresh
        </button>
      </PageHeader>
      <NewPatientOriginFilters actor={actor} />
      <p className="print-only">
        Brand {filters.brand === "all" ? "All" : filters.brand.toUpperCase()}; months {filters.date.map(monthLabel).join(", ")}.
      </p>
      <ReportStatus status={status} failure={failure} onRetry={refresh} what="the new patient origin report">
        {data ? (
          <div className="new-patient-origin__body">
            <SourcesSummary report={data} />
            <SourcesByPractice report={data} />
          </div>
        ) : null}
      </ReportStatus>
    </section>
  );
}
