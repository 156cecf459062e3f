// The report machine's one effect, `load`, made from a report screen's call; and the filter lists
// (regions, practices) that several report screens load beside their data.
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import type { ReportFilters } from "./report.machine";

/**
 * The report machine's actors for one screen. The machine holds filters and data untyped; the
 * screen's typed selectors (report.selectors.ts) rely on this `load` taking TFilters and giving TData.
 */
export function reportActors<TFilters extends ReportFilters, TData>(load: (filters: TFilters, signal: AbortSignal) => Promise<TData>) {
  return { load: fromApiCall<unknown, ReportFilters>((filters, signal) => load(filters as TFilters, signal)) };
}

/** The report filters' choices (openapi.yaml GET /report/regionsList, /report/practicesList). */
export async function fetchReportFilterLists(api: ApiClient, signal: AbortSignal) {
  const [{ regionList }, { practicesList }] = await Promise.all([
    unwrap(api.GET("/report/regionsList", { signal })),
    unwrap(api.GET("/report/practicesList", { signal })),
  ]);
  return { regions: regionList, practices: practicesList };
}
