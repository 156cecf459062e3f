// The Quality Index Report's report machine (no filters: the answer of POST
// /report/quality-index-report, its dates from domain/reports/qualityIndex.ts), its charts and
// tables, and its export.
import type { components } from "../../../contract/schema";
import { CATEGORICAL_COLORS, CHART_COLORS, type ChartSpec } from "../../lib/chartSpec";
import type { ExportRequest } from "../export/export.machine";
import { createReportMachine } from "../report/report.machine";
import { selectReportReady, type ReportSnapshot } from "../report/report.selectors";
import { QUALITY_INDEX_TABLES } from "../../../domain/reports/qualityIndex.ts";

type Schemas = components["schemas"];
export type QualityIndexReport = Schemas["QualityIndexReport"];
export type PracticeCount = Schemas["PracticeCount"];

export const qualityIndexReportMachine = createReportMachine<Record<string, never>, QualityIndexReport>({ id: "qualityIndexReport", lists: false });

type Snapshot = ReportSnapshot<Record<string, never>, QualityIndexReport>;

export const selectQualityIndex = (snapshot: Snapshot) => snapshot.context.data;

/** The tables as CSV, of today's periods when the export starts, once the report is shown. */
export const selectQualityIndexExport = (snapshot: Snapshot): ExportRequest | null => (selectReportReady(snapshot) ? { report: "qualityIndex" } : null);

const OUTCOME_COLORS: Record<string, string> = { Won: CHART_COLORS.green, Lost: CHART_COLORS.vermillion, Open: CHART_COLORS.grey };

function outcomePie(title: string, slices: readonly { label: string; count: number }[]): ChartSpec {
  return {
    kind: "pie",
    title,
    xTitle: "Outcome",
    categories: slices.map((slice) => slice.label),
    categoryColors: slices.map((slice) => OUTCOME_COLORS[slice.label] ?? CHART_COLORS.grey),
    series: [{ name: "Leads", values: slices.map((slice) => slice.count) }],
  };
}

function reasonPie(title: string, reasons: readonly Schemas["ReasonCount"][]): ChartSpec {
  return {
    kind: "pie",
    title,
    xTitle: "Reason",
    categories: reasons.map((reason) => reason.reason),
    categoryColors: reasons.map((_, index) => CATEGORICAL_COLORS[index % CATEGORICAL_COLORS.length] ?? CHART_COLORS.grey),
    series: [{ name: "Lost leads", values: reasons.map((reason) => reason.count) }],
  };
}

/** The pies (won/lost, lost reasons, conversion) and the sales funnel, in reading order. */
export function qualityIndexCharts(report: QualityIndexReport): ChartSpec[] {
  return [
    outcomePie("Won vs lost — this week", report.weeklyleadStatus),
    outcomePie("Won vs lost — this month", report.monthleadStatus),
    reasonPie("Lost leads by reason — this week", report.lostLeadsWeekly),
    reasonPie("Lost leads by reason — this month", report.lostLeads),
    outcomePie("Lead conversion — this week", report.leadsConversionWeekly),
    outcomePie("Lead conversion — this month", report.leadsConversion),
    {
      kind: "funnel",
      title: "Sales funnel — this month",
      xTitle: "Stage",
      categories: report.sales_funnel.map((stage) => stage.stage),
      categoryColors: report.sales_funnel.map((_, index) => CATEGORICAL_COLORS[index % CATEGORICAL_COLORS.length] ?? CHART_COLORS.grey),
      series: [{ name: "Leads", values: report.sales_funnel.map((stage) => stage.count) }],
    },
  ];
}

export interface PracticeTable {
  key: string;
  caption: string;
  rows: readonly PracticeCount[];
}

/** §2 tables: won today, this week, month to date; lost this week and this month; completed this month. */
export function qualityIndexTables(report: QualityIndexReport): PracticeTable[] {
  return QUALITY_INDEX_TABLES.map(({ key, caption, list }) => ({ key, caption, rows: report[list] }));
}

export const tableTotal = (rows: readonly PracticeCount[]) => rows.reduce((sum, row) => sum + row.count, 0);
