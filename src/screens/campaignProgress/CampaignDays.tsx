// The chosen campaign's days: a line chart of the members called, reached and given appointments
// and the callbacks booked each day (plotly, loaded when first shown), with its CSV export.
import { useSelector } from "@xstate/react";
import { Chart } from "../../components/chart/Chart";
import type { CampaignProgressActor } from "../../machines/campaignProgress/campaignProgress.machine";
import * as progress from "../../machines/campaignProgress/campaignProgress.selectors";
import { ExportCsvButton, type ExportActor } from "../export/ExportCsvButton";

export function CampaignDays({ actor, exporter }: { actor: CampaignProgressActor; exporter: ExportActor }) {
  const chosen = useSelector(actor, progress.selectChosen);
  const loading = useSelector(actor, progress.selectDaysLoading);
  const failure = useSelector(actor, progress.selectDaysFailure);
  const shown = useSelector(actor, progress.selectDaysShown);
  const chart = useSelector(actor, progress.selectDaysChart);
  const exportRequest = useSelector(actor, progress.selectExportRequest);
  if (!chosen) return <p className="muted">Choose Days on a campaign to see its work day by day.</p>;
  return (
    <section className="campaign-days" aria-labelledby="campaign-days-title">
      <div className="campaign-progress__header">
        <h3 id="campaign-days-title">Days of {chosen.name}</h3>
        <ExportCsvButton actor={exporter} request={exportRequest} />
      </div>
      {loading ? <p role="status">Loading the days of {chosen.name}…</p> : null}
      {failure ? (
        <div className="dialog-problem">
          <p role="alert" className="alert alert--error">
            The days could not be read: {failure.message}
          </p>
          <button type="button" className="button" onClick={() => actor.send({ type: "progress.days.retry" })}>
            Try again
          </button>
        </div>
      ) : null}
      {shown && !chart ? <p className="muted">{chosen.name} has not started yet: its days begin on its first day.</p> : null}
      {chart ? <Chart spec={chart} /> : null}
    </section>
  );
}
