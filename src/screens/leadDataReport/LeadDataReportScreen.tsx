// §2 Lead Data Report: leads entered today, yesterday, this week, last week, month to date and last
// month by location; a custom start and end date (MM-dd-yyyy) with a practice filter and Update.
import { useSelector } from "@xstate/react";
import { useAppActor } from "../../app/useAppActor";
import { useState, type FormEvent } from "react";
import { useServices } from "../../app/ServicesContext";
import { DataTable, type Column } from "../../components/DataTable";
import { ReportStatus } from "../../components/ReportStatus";
import type { LeadDataReport } from "../../machines/leadDataReport/leadDataReport.machine";
import * as lead from "../../machines/leadDataReport/leadDataReport.selectors";
import "./leadDataReport.css";
import { PracticeSelect } from "../../components/ReportFilters";
import { PageHeader } from "../../components/PageHeader";
import { ExportCsv } from "../export/ExportCsv";

type LeadRow = LeadDataReport["leadsEntered"][number];

function columnsOf(report: LeadDataReport): Column<LeadRow>[] {
  return [
    { key: "location", header: "Location" },
    ...report.periods.map((period) => ({
      key: period.key,
      header: period.label,
      align: "end" as const,
      cell: (row: LeadRow) => row.counts[period.key as keyof LeadRow["counts"]] ?? 0,
    })),
  ];
}

export function LeadDataReportScreen() {
  const { tableReports } = useServices();
  const [input] = useState(tableReports.leadDataInput);
  const actor = useAppActor(tableReports.leadData, { input });
  const status = useSelector(actor, lead.selectLeadStatus);
  const failure = useSelector(actor, lead.selectLeadFailure);
  const periods = useSelector(actor, lead.selectLeadPeriods);
  const practices = useSelector(actor, lead.selectLeadPractices);
  const range = useSelector(actor, lead.selectLeadRange);
  const rangeReport = useSelector(actor, lead.selectLeadRangeReport);
  const problem = useSelector(actor, lead.selectLeadRangeProblem);
  const counted = useSelector(actor, lead.selectLeadRangeCounted, (a, b) => a?.startDate === b?.startDate && a?.endDate === b?.endDate);
  const updating = useSelector(actor, lead.selectLeadUpdating);
  const periodsRequest = useSelector(actor, lead.selectLeadPeriodsRequest, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const rangeRequest = useSelector(actor, lead.selectLeadRangeRequest);
  const refresh = () => actor.send({ type: "leadData.refresh" });

  function update(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: "leadData.update" });
  }

  return (
    <section className="page lead-data" aria-labelledby="page-title">
      <PageHeader title="Lead Data Report">
        <ExportCsv disabled={status !== "ready"} request={() => ({ report: "leadData", body: periodsRequest })} />
        <button type="button" className="button" onClick={refresh}>
          Refresh
        </button>
      </PageHeader>
      <ReportStatus status={status} failure={failure} onRetry={refresh} what="the lead data report">
        {periods ? (
          <DataTable
            caption="Leads entered by location"
            columns={columnsOf(periods)}
            rows={periods.leadsEntered}
            rowKey={(row) => row.practiceId}
            empty="No locations."
          />
        ) : null}

        <h2 className="lead-data__heading">Custom range</h2>
        <form className="filters" onSubmit={update} noValidate>
          <label>
            Start date
            <input
              type="text"
              inputMode="numeric"
              placeholder="MM-DD-YYYY"
              value={range.startDate}
              aria-invalid={problem !== null}
              aria-describedby={problem ? "lead-range-problem" : undefined}
              onChange={(e) => actor.send({ type: "leadData.range.change", range: { startDate: e.target.value } })}
            />
          </label>
          <label>
            End date
            <input
              type="text"
              inputMode="numeric"
              placeholder="MM-DD-YYYY"
              value={range.endDate}
              aria-invalid={problem !== null}
              aria-describedby={problem ? "lead-range-problem" : undefined}
              onChange={(e) => actor.send({ type: "leadData.range.change", range: { endDate: e.target.value } })}
            />
          </label>
          <PracticeSelect value={range.practice} practices={practices} onChange={(practice) => actor.send({ type: "leadData.range.change", range: { practice } })} />
          <button type="submit" className="button button--primary" disabled={updating}>
            {updating ? "Updating…" : "Update"}
          </button>
        </form>
        {problem ? (
          <p id="lead-range-problem" role="alert" className="alert alert--error">
            {problem}
          </p>
        ) : null}
        {rangeReport && counted ? (
          <DataTable
            caption={`Leads entered from ${counted.startDate} to ${counted.endDate}`}
            columns={columnsOf(rangeReport)}
            rows={rangeReport.leadsEntered}
            rowKey={(row) => row.practiceId}
            empty="No locations."
          />
        ) : (
          <p className="muted">Choose the dates and a practice, then Update.</p>
        )}
        {rangeReport && rangeRequest ? (
          <ExportCsv label="Export range CSV" disabled={updating} request={() => ({ report: "leadData", body: rangeRequest })} />
        ) : null}
      </ReportStatus>
    </section>
  );
}
