// §2 Members Status Report: filters brand, region, multi-select practice, MCO and result; the table
// grouped New Patient, Recare No Future Appointment and Recare Future Appointment, each by payer,
// plus Members and Extracted; sortable columns; totals red when members differ from extracted and
// green otherwise, said in words too and in a legend above the table; Send Report after a confirmation.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { ReportStatus } from "../../components/ReportStatus";
import { PageHeader } from "../../components/PageHeader";
import { sameExportRequest } from "../../machines/export/export.selectors";
import {
  selectMembersStatusExport,
  selectMembersStatusFilters,
  selectMembersStatusRows,
  selectMembersStatusTotals,
  type membersStatusMachine,
} from "../../machines/membersStatusReport/membersStatusReport";
import type { membersStatusSendMachine } from "../../machines/membersStatusReport/membersStatusSend.machine";
import { selectReportFailure, selectReportSort, selectReportStatus } from "../../machines/report/report.selectors";
import { ExportCsvButton, type ExportActor } from "../export/ExportCsvButton";
import { MembersStatusFilters } from "./MembersStatusFilters";
import { MembersStatusTable, TotalsLegend } from "./MembersStatusTable";
import { SendReportButton, SendReportDialog, SentNotice } from "./SendReport";
import "./membersStatusReport.css";

interface MembersStatusReportScreenProps {
  actor: ActorRefFrom<typeof membersStatusMachine>;
  sender: ActorRefFrom<typeof membersStatusSendMachine>;
  exporter: ExportActor;
}

export function MembersStatusReportScreen({ actor, sender, exporter }: MembersStatusReportScreenProps) {
  const status = useSelector(actor, selectReportStatus);
  const failure = useSelector(actor, selectReportFailure);
  const sort = useSelector(actor, selectReportSort);
  const filters = useSelector(actor, selectMembersStatusFilters);
  const rows = useSelector(actor, selectMembersStatusRows);
  const totals = useSelector(actor, selectMembersStatusTotals);
  const exportRequest = useSelector(actor, selectMembersStatusExport, sameExportRequest);
  const refresh = () => actor.send({ type: "report.refresh" });

  return (
    <section className="page members-status" aria-labelledby="page-title">
      <PageHeader title="Members Status Report">
        <SendReportButton report={actor} sender={sender} />
        <ExportCsvButton actor={exporter} request={exportRequest} />
        <button type="button" className="button" onClick={refresh}>
          Refresh
        </button>
      </PageHeader>
      <SentNotice sender={sender} />
      <MembersStatusFilters actor={actor} />
      <ReportStatus status={status} failure={failure} onRetry={refresh} what="the members status report">
        <TotalsLegend />
        <MembersStatusTable rows={rows} totals={totals} query={filters} sort={sort} onSort={(column) => actor.send({ type: "report.sort", column })} />
      </ReportStatus>
      <SendReportDialog sender={sender} />
    </section>
  );
}
