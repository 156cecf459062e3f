// A chart of a report with the table of its numbers under it. The plot itself is a lazy chunk
// (PlotlyChart.tsx): screens without charts never download plotly.
import { lazy, Suspense } from "react";
import { ChartTable } from "./ChartTable";
import type { ChartSpec } from "./chartSpec";
import "./chart.css";

const PlotlyChart = lazy(() => import("./PlotlyChart"));

export function Chart({ spec }: { spec: ChartSpec }) {
  return (
    <figure className="chart">
      <div className="chart__frame" role="img" aria-label={`${spec.title} (chart; the same numbers are in the table below)`}>
        <Suspense
          fallback={
            <p className="chart__loading muted" aria-busy="true">
              Loading chart…
            </p>
          }
        >
          <PlotlyChart spec={spec} />
        </Suspense>
      </div>
      <ChartTable spec={spec} />
    </figure>
  );
}
