import { describe, expect, it } from "vitest";
import { countAxis, formatChartValue, pieShares, type ChartSpec } from "./chartSpec";

const chart = (kind: ChartSpec["kind"], series: number[][], stacked = false): ChartSpec => ({
  kind,
  title: "Calls",
  categories: series[0]!.map((_, index) => `${index}:00`),
  series: series.map((values, index) => ({ name: `series ${index}`, values })),
  xTitle: "Hour",
  stacked,
});

describe("formatChartValue", () => {
  it("writes counts with thousands separators and percentages to a tenth", () => {
    expect(formatChartValue(2261, false)).toBe("2,261");
    expect(formatChartValue(33.3, true)).toBe("33.3 %");
  });

  it("writes a value there is none of (a share of no calls) as a dash, not 0.0 %", () => {
    expect(formatChartValue(null, true)).toBe("–");
  });
});

describe("pieShares", () => {
  it("writes each share with one decimal, as the table does (8.0 %, not 7.98 %)", () => {
    expect(pieShares(chart("pie", [[798, 9202]]))).toEqual(["8.0 %", "92.0 %"]);
  });

  it("gives every slice 0.0 % when there is nothing to share", () => {
    expect(pieShares(chart("pie", [[0, 0]]))).toEqual(["0.0 %", "0.0 %"]);
  });
});

describe("countAxis", () => {
  it("steps by whole counts while they are small, from 0 to at least 1", () => {
    expect(countAxis(chart("bar", [[0, 0, 0]]))).toEqual({ tickformat: ",d", dtick: 1, range: [0, 1.25] });
    expect(countAxis(chart("bar", [[1, 3, 2]]))).toMatchObject({ dtick: 1, range: [0, 3.25] });
  });

  it("counts a stack's sum as its height", () => {
    expect(countAxis(chart("bar", [[3, 1], [3, 0]], true))).toEqual({ tickformat: ",d" });
    expect(countAxis(chart("bar", [[3, 1], [3, 0]]))).toMatchObject({ dtick: 1 });
  });

  it("leaves larger counts to Plotly's steps, written as whole numbers", () => {
    expect(countAxis(chart("line", [[0, 46, 12]]))).toEqual({ tickformat: ",d" });
  });
});
