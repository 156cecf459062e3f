// §2 Lead Data Report's custom range: a start and end date (MM-dd-yyyy) with a practice filter,
// counted on Update, and its table with its own Export CSV.
import { useSelector } from "@xstate/react";
import type { FormEvent } from "react";
import type { ActorRefFrom } from "xstate";
import { DataTable } from "../../components/DataTable";
import { PracticeSelect } from "../../components/ReportFilters";
import { sameExportRequest } from "../../machines/export/export.selectors";
import type { leadDataReportMachine } from "../../machines/leadDataReport/leadDataReport.machine";
import * as lead from "../../machines/leadDataReport/leadDataReport.selectors";
import { ExportCsvButton, type ExportActor } from "../export/ExportCsvButton";
import { leadColumnsOf } from "./leadColumns";

type LeadDataActor = ActorRefFrom<typeof leadDataReportMachine>;

export function CustomRange({ actor, exporter }: { actor: LeadDataActor; exporter: ExportActor }) {
  const rangeReport = useSelector(actor, lead.selectLeadRangeReport);
  const counted = useSelector(actor, lead.selectLeadRangeCounted, (a, b) => a?.startDate === b?.startDate && a?.endDate === b?.endDate);
  const exportRequest = useSelector(actor, lead.selectLeadRangeExport, sameExportRequest);
  return (
    <>
      <h2 className="lead-data__heading">Custom range</h2>
      <RangeForm actor={actor} />
      {rangeReport && counted ? (
        <DataTable
          caption={`Leads entered from ${counted.startDate} to ${counted.endDate}`}
          columns={leadColumnsOf(rangeReport)}
          rows={rangeReport.leadsEntered}
          rowKey={(row) => row.practiceId}
          empty="No locations."
        />
      ) : (
        <p className="muted">Choose the dates and a practice, then Update.</p>
      )}
      {rangeReport ? <ExportCsvButton actor={exporter} label="Export range CSV" request={exportRequest} /> : null}
    </>
  );
}

function RangeForm({ actor }: { actor: LeadDataActor }) {
  const practices = useSelector(actor, lead.selectLeadPractices);
  const range = useSelector(actor, lead.selectLeadRange);
  const problem = useSelector(actor, lead.selectLeadRangeProblem);
  const updating = useSelector(actor, lead.selectLeadUpdating);
  const change = (change: Partial<typeof range>) => actor.send({ type: "leadData.range.change", range: change });
  const dateInput = (bound: "startDate" | "endDate") => ({
    type: "text",
    inputMode: "numeric" as const,
    placeholder: "MM-DD-YYYY",
    value: range[bound],
    "aria-invalid": problem !== null,
    "aria-describedby": problem ? "lead-range-problem" : undefined,
    onChange: (event: { target: { value: string } }) => change({ [bound]: event.target.value }),
  });

  function update(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: "leadData.update" });
  }

  return (
    <>
      <form className="filters" onSubmit={update} noValidate>
        <label>
          Start date
          <input {...dateInput("startDate")} />
        </label>
        <label>
          End date
          <input {...dateInput("endDate")} />
        </label>
        <PracticeSelect value={range.practice} practices={practices} onChange={(practice) => change({ practice })} />
        <button type="submit" className="button button--primary" disabled={updating}>
          {updating ? "Updating…" : "Update"}
        </button>
      </form>
      {problem ? (
        <p id="lead-range-problem" role="alert" className="alert alert--error">
          {problem}
        </p>
      ) : null}
    </>
  );
}
