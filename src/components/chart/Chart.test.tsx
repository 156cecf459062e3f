import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Chart } from "./Chart";
import type { ChartSpec } from "../../lib/chartSpec";

const pie = (values: number[]): ChartSpec => ({
  kind: "pie",
  title: "Lead conversion — this week",
  categories: ["Won", "Lost", "Open"],
  series: [{ name: "Leads", values }],
  xTitle: "Outcome",
});

describe("Chart", () => {
  it("says a pie of nothing but zeros has nothing to draw, titled, with its table of zeros", () => {
    render(<Chart spec={pie([0, 0, 0])} />);
    expect(screen.getByRole("img", { name: /^Lead conversion — this week \(chart/ })).toHaveTextContent("Lead conversion — this weekNothing to draw: every count is 0.");
    expect(screen.getAllByRole("row")).toHaveLength(4);
  });

  it("draws a pie with one count above zero (the chart's chunk loads on demand)", async () => {
    // A fresh Chart module: its lazy chunk is otherwise already loaded by any earlier test in this process.
    vi.resetModules();
    const { Chart: FreshChart } = await import("./Chart");
    render(<FreshChart spec={pie([0, 2, 0])} />);
    expect(screen.queryByText("Nothing to draw: every count is 0.")).toBeNull();
    expect(screen.getByText("Loading chart…")).toBeInTheDocument();
  });
});
