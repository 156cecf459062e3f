// §2 Lead Data Report: leads entered today, yesterday, this week, last week, month to date and last
// month by location; a custom start and end date (MM-dd-yyyy) with a practice filter and Update.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { ReportStatus } from "../../components/ReportStatus";
import { sameExportRequest } from "../../machines/export/export.selectors";
import type { leadDataReportMachine } from "../../machines/leadDataReport/leadDataReport.machine";
import * as lead from "../../machines/leadDataReport/leadDataReport.selectors";
import { ExportCsvButton, type ExportActor } from "../export/ExportCsvButton";
import { CustomRange } from "./CustomRange";
import { leadColumnsOf } from "./leadColumns";
import "./leadDataReport.css";

interface LeadDataReportScreenProps {
  actor: ActorRefFrom<typeof leadDataReportMachine>;
  /** The exports of the standard periods' table and of the custom range's. */
  exporters: { periods: ExportActor; range: ExportActor };
}

export function LeadDataReportScreen({ actor, exporters }: LeadDataReportScreenProps) {
  const status = useSelector(actor, lead.selectLeadStatus);
  const failure = useSelector(actor, lead.selectLeadFailure);
  const periods = useSelector(actor, lead.selectLeadPeriods);
  const exportRequest = useSelector(actor, lead.selectLeadPeriodsExport, sameExportRequest);
  const refresh = () => actor.send({ type: "leadData.refresh" });

  return (
    <section className="page lead-data" aria-labelledby="page-title">
      <PageHeader title="Lead Data Report">
        <ExportCsvButton actor={exporters.periods} request={exportRequest} />
        <button type="button" className="button" onClick={refresh}>
          Refresh
        </button>
      </PageHeader>
      <ReportStatus status={status} failure={failure} onRetry={refresh} what="the lead data report">
        {periods ? (
          <DataTable
            caption="Leads entered by location"
            columns={leadColumnsOf(periods)}
            rows={periods.leadsEntered}
            rowKey={(row) => row.practiceId}
            empty="No locations."
          />
        ) : null}
        <CustomRange actor={actor} exporter={exporters.range} />
      </ReportStatus>
    </section>
  );
}
