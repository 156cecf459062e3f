// The partial plotly bundle with bar, pie and funnel traces (docs/conventions.md, Traps of the toolchain); it ships no types.
declare module "plotly.js-finance-dist-min" {
  const Plotly: { Plots: { resize(graphDiv: HTMLElement): Promise<void> } };
  export default Plotly;
}
