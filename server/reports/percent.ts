// Shares as the contract states them (openapi.yaml: "rounded to one decimal"), rounded exactly as
// the mock rounds them (mocks/reports/counting.ts) so both backends answer the same numbers.

/** A share in percent, rounded to one decimal; 0 of nothing is 0. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}
