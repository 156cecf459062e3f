// The only module that imports plotly: Chart.tsx loads it with React.lazy, so the ~400 kB gzip
// bundle is fetched by the chart report screens alone (docs/architecture.md).
import Plotly from "plotly.js-finance-dist-min";
import { useEffect, useRef } from "react";
import createPlotlyComponent from "react-plotly.js/factory";
import { CHART_COLORS, countAxis, formatChartValue, pieShares, type ChartSpec } from "../../lib/chartSpec";

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
          // The slices' names are in the legend; each share is written as the table writes it (one
          // rounding), inside its slice where it fits at a readable size (layout.uniformtext).
          text: pieShares(spec),
          textinfo: "text",
          textposition: "inside",
          insidetextorientation: "horizontal",
          hovertemplate: "%{label}: %{value} (%{text})<extra></extra>",
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
          texttemplate: "%{value}<br>%{percentInitial:.1%}",
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
        // The value as the table writes it.
        hovertext: series.values.map((value) => formatChartValue(value, spec.percent)),
        hovertemplate: `%{x}: %{hovertext}<extra>${series.name}</extra>`,
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
    // A slice's share too small to write at 11 px is left to the legend and the table.
    uniformtext: { minsize: 11, mode: "hide" },
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
          yaxis: {
            title: { text: spec.yTitle ?? "" },
            ticksuffix: spec.percent ? " %" : "",
            rangemode: "tozero",
            gridcolor: "#e4e7eb",
            ...(spec.percent ? {} : countAxis(spec)),
          },
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
