// What a chart shows, independent of the library that draws it: plain data. The report selectors
// build it; the lazily loaded plot (components/chart/PlotlyChart.tsx) and the table of the same
// numbers (components/chart/ChartTable.tsx) both read it.

export interface ChartSeries {
  name: string;
  /** One per category; null where there is no value (a share of no calls), drawn as a gap, written "–". */
  values: readonly (number | null)[];
  /** The series' colour (bars, lines); pies and funnels colour by category (`categoryColors`). */
  color?: string;
}

export interface ChartSpec {
  kind: "bar" | "line" | "pie" | "funnel";
  title: string;
  /** The x categories (bars, lines), the slices (pie) or the stages (funnel). */
  categories: readonly string[];
  series: readonly ChartSeries[];
  /** Axis titles; also the header of the table's first column (`xTitle`). */
  xTitle: string;
  yTitle?: string;
  /** Bars stacked rather than side by side. */
  stacked?: boolean;
  /** Values are percentages (0–100): axis and table show a % sign. */
  percent?: boolean;
  categoryColors?: readonly string[];
}

/**
 * Okabe–Ito colours, told apart with the common colour-vision deficiencies; every chart also has a
 * legend and a table, so colour is never the only signal.
 */
export const CHART_COLORS = {
  blue: "#0072B2",
  orange: "#E69F00",
  green: "#009E73",
  vermillion: "#D55E00",
  sky: "#56B4E9",
  purple: "#CC79A7",
  yellow: "#F0E442",
  grey: "#7F7F7F",
  black: "#000000",
} as const;

/** Colours in order, for slices that have no meaning of their own (sources, reasons, practices). */
export const CATEGORICAL_COLORS = [
  CHART_COLORS.blue,
  CHART_COLORS.orange,
  CHART_COLORS.green,
  CHART_COLORS.vermillion,
  CHART_COLORS.sky,
  CHART_COLORS.purple,
  CHART_COLORS.yellow,
  CHART_COLORS.grey,
];

export function formatChartValue(value: number | null, percent: boolean | undefined): string {
  if (value === null) return "–";
  return percent ? `${value.toFixed(1)} %` : value.toLocaleString("en-US");
}

/** Each slice's share of a pie (0–100), as its chart and its table both write it. */
export function pieShares(spec: ChartSpec): string[] {
  const values = (spec.series[0]?.values ?? []).map((value) => value ?? 0);
  const total = values.reduce((sum, value) => sum + value, 0);
  return values.map((value) => formatChartValue(total > 0 ? (value * 100) / total : 0, true));
}

/** The highest point a bar or line chart draws: a stack's sum when stacked. */
function highestPoint(spec: ChartSpec): number {
  if (!spec.stacked) return Math.max(0, ...spec.series.flatMap((series) => series.values.map((value) => value ?? 0)));
  return Math.max(0, ...spec.categories.map((_, index) => spec.series.reduce((sum, series) => sum + (series.values[index] ?? 0), 0)));
}

/**
 * The value axis of counts: whole numbers only (no 0.2 calls), a step of one while the counts are
 * small (Plotly would step by 0.2 or 0.5), and at least 0 to 1 when every count is 0.
 */
export function countAxis(spec: ChartSpec): { tickformat: string; dtick?: number; range?: [number, number] } {
  const highest = highestPoint(spec);
  if (highest > 5) return { tickformat: ",d" };
  // A quarter step of headroom above the highest bar or point.
  return { tickformat: ",d", dtick: 1, range: [0, Math.max(1, highest) + 0.25] };
}
