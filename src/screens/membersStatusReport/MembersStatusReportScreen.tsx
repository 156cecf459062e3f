// §2 Members Status Report: filters brand, region, multi-select practice, MCO and result; the table
// grouped New Patient, Recare No Future Appointment and Recare Future Appointment, each by payer,
// plus Members and Extracted; sortable columns; totals red when members differ from extracted and
// green otherwise, said in words too; Send Report after a confirmation.
import { useSelector } from "@xstate/react";
import { useAppActor } from "../../app/useAppActor";
import { useServices } from "../../app/ServicesContext";
import { Modal } from "../../components/Modal";
import { ReportStatus } from "../../components/ReportStatus";
import { BLANK_RESULT, BRANDS, RESULT_OPTIONS } from "../../../domain/vocabulary.ts";
import {
  INITIAL_MEMBERS_STATUS_FILTERS,
  MCO_OPTIONS,
  membersStatusFilterChange,
  selectMembersStatusFilters,
  selectMembersStatusPractices,
  selectMembersStatusRegions,
  selectMembersStatusRows,
  selectMembersStatusTotals,
  type MembersStatusFilters,
} from "../../machines/membersStatusReport/membersStatusReport";
import { SEND_REPORT_QUESTION } from "../../machines/membersStatusReport/membersStatusSend.machine";
import { selectConfirming, selectSending, selectSentMessage } from "../../machines/membersStatusReport/membersStatusSend.selectors";
import { selectReportFailure, selectReportSort, selectReportStatus } from "../../machines/report/report.selectors";
import { MembersStatusTable } from "./MembersStatusTable";
import { ExportCsv } from "../export/ExportCsv";
import "./membersStatusReport.css";
import { RegionSelect } from "../../components/ReportFilters";
import { PageHeader } from "../../components/PageHeader";

export function MembersStatusReportScreen() {
  const { tableReports } = useServices();
  const actor = useAppActor(tableReports.membersStatus, { input: { filters: INITIAL_MEMBERS_STATUS_FILTERS } });
  const sender = useAppActor(tableReports.membersStatusSend);
  const status = useSelector(actor, selectReportStatus);
  const failure = useSelector(actor, selectReportFailure);
  const sort = useSelector(actor, selectReportSort);
  const filters = useSelector(actor, selectMembersStatusFilters);
  const rows = useSelector(actor, selectMembersStatusRows);
  const totals = useSelector(actor, selectMembersStatusTotals);
  const practices = useSelector(actor, selectMembersStatusPractices);
  const regions = useSelector(actor, selectMembersStatusRegions);
  const confirming = useSelector(sender, selectConfirming);
  const sending = useSelector(sender, selectSending);
  const sentMessage = useSelector(sender, selectSentMessage);

  const change = (change: Partial<MembersStatusFilters>) =>
    actor.send({ type: "report.filters.change", filters: membersStatusFilterChange(change) });
  const refresh = () => actor.send({ type: "report.refresh" });
  const cancelSend = () => sender.send({ type: "membersReport.send.cancel" });

  return (
    <section className="page members-status" aria-labelledby="page-title">
      <PageHeader title="Members Status Report">
        <button
          type="button"
          className="button button--primary"
          disabled={status !== "ready" || rows.length === 0 || sending}
          onClick={() => sender.send({ type: "membersReport.send.request", rows })}
        >
          {sending ? "Sending…" : "Send Report"}
        </button>
        <ExportCsv
          disabled={status !== "ready"}
          request={() => ({
            report: "membersStatus",
            query: { params: JSON.stringify({ brand: filters.brand, region: filters.region, practice: filters.practice, mco: filters.mco, result: filters.result }) },
          })}
        />
        <button type="button" className="button" onClick={refresh}>
          Refresh
        </button>
      </PageHeader>

      {sentMessage ? (
        <div role="status" className="alert members-status__sent">
          <p className="alert__message">{sentMessage}</p>
          <button type="button" className="button" onClick={() => sender.send({ type: "membersReport.send.dismiss" })}>
            Dismiss
          </button>
        </div>
      ) : null}

      <div className="filters">
        <label>
          Brand
          <select value={filters.brand} onChange={(e) => change({ brand: e.target.value as MembersStatusFilters["brand"] })}>
            <option value="all">All</option>
            {BRANDS.map((brand) => (
              <option key={brand} value={brand}>
                {brand.toUpperCase()}
              </option>
            ))}
          </select>
        </label>
        <RegionSelect value={filters.region} regions={regions} onChange={(region) => change({ region: region as MembersStatusFilters["region"] })} />
        <label className="members-status__practices">
          <span>
            Practice <span className="members-status__hint">(none chosen = all)</span>
          </span>
          <select
            multiple
            size={4}
            value={filters.practice.map(String)}
            onChange={(e) => change({ practice: [...e.target.selectedOptions].map((option) => Number(option.value)) })}
          >
            {practices.map((practice) => (
              <option key={practice.id} value={String(practice.id)}>
                {practice.practiceabbr}
              </option>
            ))}
          </select>
        </label>
        <label>
          MCO
          <select value={filters.mco} onChange={(e) => change({ mco: e.target.value })}>
            <option value="all">All</option>
            {MCO_OPTIONS.map((mco) => (
              <option key={mco} value={mco}>
                {mco}
              </option>
            ))}
          </select>
        </label>
        <label>
          Result
          <select value={filters.result} onChange={(e) => change({ result: e.target.value as MembersStatusFilters["result"] })}>
            <option value="all">All</option>
            <option value={BLANK_RESULT}>Blank</option>
            {RESULT_OPTIONS.map((result) => (
              <option key={result} value={result}>
                {result}
              </option>
            ))}
          </select>
        </label>
      </div>

      <ReportStatus status={status} failure={failure} onRetry={refresh} what="the members status report">
        <MembersStatusTable rows={rows} totals={totals} query={filters} sort={sort} onSort={(column) => actor.send({ type: "report.sort", column })} />
      </ReportStatus>

      {confirming ? (
        <Modal
          title="Send Report"
          size="small"
          onClose={cancelSend}
          actions={
            <>
              <button type="button" className="button" onClick={cancelSend}>
                Cancel
              </button>
              <button type="button" className="button button--primary" onClick={() => sender.send({ type: "membersReport.send.confirm" })}>
                Send
              </button>
            </>
          }
        >
          <p>{SEND_REPORT_QUESTION}</p>
        </Modal>
      ) : null}
    </section>
  );
}
