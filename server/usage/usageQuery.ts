// The usage report's query, which the screen's call and its export read alike.
import type { components } from "../../contract/schema.d.ts";
import { checkDayRange } from "../../domain/calendar.ts";
import type { Services } from "../services.ts";

type UsageQuery = components["schemas"]["UsageQuery"];

/** The report's query from its JSON parameter; a range that ends before it starts is refused. */
export function usageQueryOf(services: Services, params: string): UsageQuery {
  const query = services.decodeJson<UsageQuery>(params, "UsageQuery", "params");
  checkDayRange(query, "params.endDate");
  return query;
}
