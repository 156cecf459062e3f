import type { SnapshotFrom } from "xstate";
import { CATEGORICAL_COLORS, CHART_COLORS, type ChartSpec } from "../../lib/chartSpec";
import type { ExportRequest } from "../export/export.machine";
import type { newPatientOriginMachine, NewPatientOriginReport, Practice } from "./newPatientOrigin.machine";

type Snapshot = SnapshotFrom<typeof newPatientOriginMachine>;

export type NewPatientOriginStatus = "loading" | "ready" | "failed";

export const selectStatus = (snapshot: Snapshot) =>
  (snapshot.value as { report: NewPatientOriginStatus }).report;
export const selectFailure = (snapshot: Snapshot) => snapshot.context.failure;
export const selectFilters = (snapshot: Snapshot) => snapshot.context.filters;
export const selectMonths = (snapshot: Snapshot) => snapshot.context.months;
export const selectData = (snapshot: Snapshot) => snapshot.context.data;
export const selectPracticesLoading = (snapshot: Snapshot) => snapshot.matches({ practices: "loading" });

/** §2 CSV download: the first visits of the filters shown, once the report is shown. */
export const selectNewPatientOriginExport = (snapshot: Snapshot): ExportRequest | null =>
  selectStatus(snapshot) === "ready" ? { report: "newPatientOrigin", query: snapshot.context.filters } : null;

/** The practices the filter offers: those receiving the chosen brand's members (all for All). */
export function selectPracticeOptions(snapshot: Snapshot): readonly Practice[] {
  const { brand } = snapshot.context.filters;
  const practices = snapshot.context.practices;
  return brand === "all" ? practices : practices.filter((practice) => practice.brands.includes(brand));
}

export function sourcesChart(report: NewPatientOriginReport): ChartSpec {
  return {
    kind: "pie",
    title: "New patients by source",
    xTitle: "Source",
    categories: report.sources.map((source) => source.source),
    categoryColors: report.sources.map((_, index) => CATEGORICAL_COLORS[index % CATEGORICAL_COLORS.length] ?? CHART_COLORS.grey),
    series: [{ name: "New patients", values: report.sources.map((source) => source.count) }],
  };
}
