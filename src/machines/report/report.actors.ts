// A report machine's effects made from the report's calls: `load` (the report for its filters) and,
// for reports with filters to choose from, `loadLists` (their choices, once per visit). And the
// practices alone, or the campaigns alone, for the reports whose only list they are.
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import type { components } from "../../../contract/schema";

type Schemas = components["schemas"];

/** The choices of the report filters (openapi.yaml GET /report/regionsList, /report/practicesList). */
export interface ReportFilterLists {
  regions: Schemas["RegionInfo"][];
  practices: Schemas["Practice"][];
}

export function reportActors<TFilters, TData>(load: (filters: TFilters, signal: AbortSignal) => Promise<TData>) {
  return { load: fromApiCall<TData, { filters: TFilters }>(({ filters }, signal) => load(filters, signal)) };
}

/** The report's call and the region and practice choices of its filters. */
export function reportWithListsActors<TFilters, TData>(api: ApiClient, load: (filters: TFilters, signal: AbortSignal) => Promise<TData>) {
  return { ...reportActors(load), loadLists: fromApiCall<ReportFilterLists>((_, signal) => fetchReportFilterLists(api, signal)) };
}

async function fetchReportFilterLists(api: ApiClient, signal: AbortSignal): Promise<ReportFilterLists> {
  const [{ regionList }, { practicesList }] = await Promise.all([
    unwrap(api.GET("/report/regionsList", { signal })),
    unwrap(api.GET("/report/practicesList", { signal })),
  ]);
  return { regions: regionList, practices: practicesList };
}

/** A campaign a report can be narrowed to. */
export type CampaignChoice = Pick<Schemas["Campaign"], "id" | "name">;

/** The campaigns of a report's campaign filter, in the campaigns list's order (GET /campaigns: the ones the reader may read). */
export function reportCampaignsActor(api: ApiClient) {
  return fromApiCall<CampaignChoice[]>(async (_, signal) => (await unwrap(api.GET("/campaigns", { signal }))).map(({ id, name }) => ({ id, name })));
}

/** The practices of a report's practice filter (GET /report/practicesList). */
export function reportPracticesActor(api: ApiClient) {
  return fromApiCall<Schemas["Practice"][]>(async (_, signal) => (await unwrap(api.GET("/report/practicesList", { signal }))).practicesList);
}
