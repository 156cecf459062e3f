// Shares as the contract states them (openapi.yaml: "rounded to one decimal").

/** A share in percent, rounded to one decimal; 0 of nothing is 0. */
export function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}
