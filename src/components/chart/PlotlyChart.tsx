// The only module that imports plotly: Chart.tsx loads it with React.lazy, so the ~400 kB gzip
// bundle is fetched by the chart report screens alone (docs/architecture.md).
import Plotly from "plotly.js-finance-dist-min";
import { useEffect, useRef } from "react";
import createPlotlyComponent from "react-plotly.js/factory";
import { CHART_COLORS, type ChartSpec } from "../../lib/chartSpec";

const Plot = createPlotlyComponent(Plotly);

function traces(spec: ChartSpec): unknown[] {
  const categories = [...spec.categories];
  switch (spec.kind) {
    case "pie":
      return [
        {
          type: "pie",
          labels: categories,
          values: [...(spec.series[0]?.values ?? [])],
          marker: { colors: spec.categoryColors, line: { color: "#ffffff", width: 2 } },
          textinfo: "label+percent",
          textposition: "inside",
          insidetextorientation: "horizontal",
          sort: false,
          hole: 0.35,
        },
      ];
    case "funnel":
      return [
        {
          type: "funnel",
          name: spec.series[0]?.name,
          y: categories,
          x: [...(spec.series[0]?.values ?? [])],
          textinfo: "value+percent initial",
          marker: { color: spec.categoryColors ?? CHART_COLORS.blue },
        },
      ];
    default:
      return spec.series.map((series) => ({
        type: spec.kind === "line" ? "scatter" : "bar",
        mode: spec.kind === "line" ? "lines+markers" : undefined,
        name: series.name,
        x: categories,
        y: [...series.values],
        marker: { color: series.color },
        line: spec.kind === "line" ? { color: series.color, width: 2 } : undefined,
        hovertemplate: `%{x}: %{y}${spec.percent ? " %" : ""}<extra>${series.name}</extra>`,
      }));
  }
}

/** Redraws at the paper's width when printing starts (print media does not fire `resize`). */
function useRedrawForPrint() {
  const graph = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const print = window.matchMedia("print");
    // After the next frame, once the print layout has given the chart its paper width.
    const redraw = () =>
      requestAnimationFrame(() => {
        if (graph.current) void Plotly.Plots.resize(graph.current);
      });
    print.addEventListener("change", redraw);
    return () => print.removeEventListener("change", redraw);
  }, []);
  return graph;
}

export default function PlotlyChart({ spec }: { spec: ChartSpec }) {
  const graph = useRedrawForPrint();
  const cartesian = spec.kind === "bar" || spec.kind === "line";
  const layout = {
    title: { text: spec.title, font: { size: 16, color: "#1f2933" } },
    autosize: true,
    height: 360,
    margin: { t: 56, r: 16, b: cartesian ? 64 : 32, l: spec.kind === "funnel" ? 120 : 64 },
    font: { family: "inherit", color: "#1f2933" },
    paper_bgcolor: "#ffffff",
    plot_bgcolor: "#ffffff",
    showlegend: true,
    legend: { orientation: "h", x: 0, y: cartesian ? -0.22 : -0.05, yanchor: "top" },
    barmode: spec.stacked ? "stack" : "group",
    // Plotly fails on an axis key present but undefined: axes are added only where they exist.
    ...(cartesian
      ? {
          xaxis: {
            title: { text: spec.xTitle },
            type: "category",
            automargin: true,
            // Every other label of a long axis (24 hours), so the labels stay level and readable.
            ...(spec.categories.length > 12 ? { tickmode: "linear", tick0: 0, dtick: 2 } : {}),
          },
          yaxis: { title: { text: spec.yTitle ?? "" }, ticksuffix: spec.percent ? " %" : "", rangemode: "tozero", gridcolor: "#e4e7eb" },
        }
      : {}),
    ...(spec.kind === "funnel" ? { yaxis: { title: { text: spec.xTitle } } } : {}),
  };
  return (
    <Plot
      ref={graph}
      className="chart__plot"
      data={traces(spec)}
      layout={layout}
      // No mode bar: its buttons would be controls inside an image; the table gives the exact numbers.
      config={{ displayModeBar: false, responsive: true }}
      useResizeHandler
      onError={(error) => console.error(`The chart "${spec.title}" could not be drawn:`, error)}
      style={{ width: "100%", height: "360px" }}
    />
  );
}
