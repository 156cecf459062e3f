// A chart of a report with the table of its numbers under it. The plot itself is a lazy chunk
// (PlotlyChart.tsx): screens without charts never download plotly.
import { lazy, Suspense } from "react";
import { ChartTable } from "./ChartTable";
import type { ChartSpec } from "../../lib/chartSpec";
import "./chart.css";

const PlotlyChart = lazy(() => import("./PlotlyChart"));

interface ChartProps {
  spec: ChartSpec;
  /** The caption of a table beside the chart that already holds its numbers: no second table then. */
  numbersIn?: string;
}

/** A pie or a funnel of nothing but zeros draws nothing at all (no slice, no stage): it says so instead of leaving its frame blank. */
const drawsNothing = (spec: ChartSpec) => (spec.kind === "pie" || spec.kind === "funnel") && spec.series.every((series) => series.values.every((value) => value === 0));

export function Chart({ spec, numbersIn }: ChartProps) {
  const where = numbersIn ? `the table "${numbersIn}"` : "the table below";
  return (
    <figure className="chart">
      <div className="chart__frame" role="img" aria-label={`${spec.title} (chart; the same numbers are in ${where})`}>
        {drawsNothing(spec) ? (
          <>
            <p className="chart__title">{spec.title}</p>
            <p className="chart__empty muted">Nothing to draw: every count is 0.</p>
          </>
        ) : (
          <ChartPlot spec={spec} />
        )}
      </div>
      {numbersIn ? null : <ChartTable spec={spec} />}
    </figure>
  );
}

function ChartPlot({ spec }: { spec: ChartSpec }) {
  return (
    <Suspense
      fallback={
        <p className="chart__loading muted" aria-busy="true">
          Loading chart…
        </p>
      }
    >
      <PlotlyChart spec={spec} />
    </Suspense>
  );
}
