// §2 Contact Data Report: calls by hour (contacted vs not contacted) for a chosen period, stacked
// and as percent; appointments set by hour for today, week and month; Print and Refresh; of every
// save or narrowed to a campaign's.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { Chart } from "../../components/chart/Chart";
import { ReportStatus } from "../../components/ReportStatus";
import { CALL_PERIOD_LABELS, CALL_PERIODS, type CallPeriod, type contactDataViewMachine } from "../../machines/contactData/contactData.machine";
import {
  appointmentsChart,
  callsCharts,
  selectCallPeriod,
  selectContactData,
  selectContactDataCampaign,
  selectContactDataCampaigns,
  type contactDataReportMachine,
} from "../../machines/contactData/contactData.selectors";
import { selectReportFailure, selectReportStatus } from "../../machines/report/report.selectors";
import { PageHeader } from "../../components/PageHeader";
import { CampaignSelect } from "../../components/CampaignSelect";

interface ContactDataScreenProps {
  /** The report's answer. */
  actor: ActorRefFrom<typeof contactDataReportMachine>;
  /** Which period the calls charts show. */
  view: ActorRefFrom<typeof contactDataViewMachine>;
}

export function ContactDataScreen({ actor: report, view }: ContactDataScreenProps) {
  const status = useSelector(report, selectReportStatus);
  const failure = useSelector(report, selectReportFailure);
  const data = useSelector(report, selectContactData);
  const period = useSelector(view, selectCallPeriod);
  const campaign = useSelector(report, selectContactDataCampaign);
  const campaigns = useSelector(report, selectContactDataCampaigns);
  const refresh = () => report.send({ type: "report.refresh" });
  const calls = data ? callsCharts(data, period) : null;

  return (
    <section className="page chart-report" aria-labelledby="page-title">
      <PageHeader title="Contact Data Report">
        <button type="button" className="button" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="button button--primary" onClick={refresh}>
          Refresh
        </button>
      </PageHeader>
      <div className="filters">
        <label>
          Calls period
          <select
            value={period}
            onChange={(event) => view.send({ type: "contactData.period.select", period: event.target.value as CallPeriod })}
          >
            {CALL_PERIODS.map((option) => (
              <option key={option} value={option}>
                {CALL_PERIOD_LABELS[option]}
              </option>
            ))}
          </select>
        </label>
        <CampaignSelect
          campaigns={campaigns}
          value={campaign}
          allLabel="All calls"
          onChange={(chosen) => report.send({ type: "report.filters.change", filters: { campaign: chosen } })}
        />
      </div>
      <ReportStatus status={status} failure={failure} onRetry={refresh} what="the contact data report">
        {data && calls ? (
          <>
            <p className="muted">
              Figures as of {new Date(data.generatedAt).toLocaleString("en-US", { timeZone: data.timeZone })} ({data.timeZone}).
            </p>
            <section className="chart-report__section" aria-labelledby="calls-heading">
              <h2 id="calls-heading">Calls by hour — {CALL_PERIOD_LABELS[period]}</h2>
              <div className="chart-report__grid">
                <Chart spec={calls.stacked} />
                <Chart spec={calls.percent} />
              </div>
            </section>
            <section className="chart-report__section" aria-labelledby="appointments-heading">
              <h2 id="appointments-heading">Appointments set by hour</h2>
              <div className="chart-report__grid">
                <Chart spec={appointmentsChart(data)} />
              </div>
            </section>
          </>
        ) : null}
      </ReportStatus>
    </section>
  );
}
