// The Contact Data Report's report machine (its one filter, a campaign or all work; the answer of
// GET /report/contact-data-report; the campaigns as its list) and its charts.
import type { SnapshotFrom } from "xstate";
import type { components } from "../../../contract/schema";
import { CHART_COLORS, type ChartSpec } from "../../lib/chartSpec";
import type { CampaignChoice } from "../report/report.actors";
import { createReportMachine } from "../report/report.machine";
import type { ReportSnapshot } from "../report/report.selectors";
import { CALL_PERIOD_LABELS, type CallPeriod, type contactDataViewMachine } from "./contactData.machine";

export type ContactDataReport = components["schemas"]["ContactDataReport"];

/** The saves counted: a campaign's (its id), or every save (null). */
export interface ContactDataFilters {
  campaign: number | null;
}

export const contactDataReportMachine = createReportMachine<ContactDataFilters, ContactDataReport, CampaignChoice[]>({ id: "contactDataReport", lists: true });

type ContactDataSnapshot = ReportSnapshot<ContactDataFilters, ContactDataReport, CampaignChoice[]>;

export const selectContactData = (snapshot: ContactDataSnapshot) => snapshot.context.data;
export const selectContactDataCampaign = (snapshot: ContactDataSnapshot) => snapshot.context.filters.campaign;
/** The campaigns of the filter (none until they come). */
export const selectContactDataCampaigns = (snapshot: ContactDataSnapshot) => snapshot.context.lists ?? [];

export const selectCallPeriod = (snapshot: SnapshotFrom<typeof contactDataViewMachine>) => snapshot.context.period;

/** "08:00" for hour 8: hours of the day in the group's time zone. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** A part of an hour's calls in percent, to a tenth; none (null) for an hour without calls. */
const share = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : null);

/** Calls by hour, contacted over not contacted: stacked counts, and each hour as percent. */
export function callsCharts(report: ContactDataReport, period: CallPeriod): { stacked: ChartSpec; percent: ChartSpec } {
  const hours = report.calls[period];
  const label = CALL_PERIOD_LABELS[period];
  const categories = hours.map((entry) => hourLabel(entry.hour));
  const xTitle = `Hour of day (${report.timeZone})`;
  return {
    stacked: {
      kind: "bar",
      stacked: true,
      title: `Calls by hour — ${label}`,
      categories,
      xTitle,
      yTitle: "Calls",
      series: [
        { name: "Contacted", color: CHART_COLORS.blue, values: hours.map((entry) => entry.contacted) },
        { name: "Not contacted", color: CHART_COLORS.orange, values: hours.map((entry) => entry.notContacted) },
      ],
    },
    percent: {
      kind: "bar",
      stacked: true,
      percent: true,
      title: `Calls by hour, percent — ${label}`,
      categories,
      xTitle,
      yTitle: "Share of the hour's calls",
      series: [
        { name: "Contacted", color: CHART_COLORS.blue, values: hours.map((entry) => share(entry.contacted, entry.contacted + entry.notContacted)) },
        {
          name: "Not contacted",
          color: CHART_COLORS.orange,
          values: hours.map((entry) => {
            const contacted = share(entry.contacted, entry.contacted + entry.notContacted);
            return contacted === null ? null : Math.round((100 - contacted) * 10) / 10;
          }),
        },
      ],
    },
  };
}

/** Appointments set by hour for today, this week and this month. */
export function appointmentsChart(report: ContactDataReport): ChartSpec {
  const { today, week, month } = report.appointments;
  return {
    kind: "line",
    title: "Appointments set by hour",
    categories: today.map((entry) => hourLabel(entry.hour)),
    xTitle: `Hour of day (${report.timeZone})`,
    yTitle: "Appointments set",
    series: [
      { name: "Today", color: CHART_COLORS.vermillion, values: today.map((entry) => entry.count) },
      { name: "This week", color: CHART_COLORS.blue, values: week.map((entry) => entry.count) },
      { name: "This month", color: CHART_COLORS.green, values: month.map((entry) => entry.count) },
    ],
  };
}
