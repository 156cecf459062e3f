// Report drill-down: the address of the members list filtered to the slice behind a count
// (domain/reports/drillDown.ts says which slice). The address carries the filters, so it can be
// sent to a colleague; a count of zero opens nothing.
import { membersStatusSlice, prioritySlice, sliceQuery, type MembersSlice } from "../../../domain/reports/drillDown.ts";
import type { MembersStatusCounts, MembersStatusQuery } from "../../../domain/reports/membersStatus.ts";
import type { TreatmentPriority } from "../../../domain/members/listFilters.ts";

/** The members list of every practice the user may see (docs/architecture.md, routes). */
const MEMBERS_LIST_ROUTE = "/members/all";

const hrefOf = (slice: MembersSlice | undefined) => (slice ? `${MEMBERS_LIST_ROUTE}?${sliceQuery(slice)}` : undefined);

/** The members behind a count of the members status report, or undefined for a zero. */
export function membersStatusHref(
  query: MembersStatusQuery,
  practiceIds: readonly number[],
  column: keyof MembersStatusCounts,
  count: number,
): string | undefined {
  return count > 0 ? hrefOf(membersStatusSlice(query, practiceIds, column)) : undefined;
}

/** The members behind a count of the priority status report (a priority, or the row's sum), or undefined for a zero. */
export function priorityHref(practiceId: number, count: number, priority?: TreatmentPriority): string | undefined {
  return count > 0 ? hrefOf(prioritySlice(practiceId, priority)) : undefined;
}
