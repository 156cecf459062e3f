// Which slice of the members list each count of a report is (report drill-down): the filters that
// make the members list count exactly the members a cell counted. The members status report's
// cells are a practice's members of one status and payer, its Members column the sum of the worked
// groups, its Extracted column every member; the priority status report's cells a practice's
// members with planned treatment. The report's own filters (payer, MCO, result) carry over.
import { GROUP_BRANDS, GROUP_CELLS, GROUP_STATUS_VALUES, type MembersStatusCounts, type MembersStatusQuery } from "./membersStatus.ts";
import { ALL, ANY_PRIORITY, listFilterValue, type TreatmentPriority } from "../members/listFilters.ts";

/** A slice of the members list as its address carries it (the list's URL query names). */
export interface MembersSlice {
  practice: string;
  status: string;
  brand: string;
  mco: string;
  /** A result, '' for Blank, or all. */
  result: string;
  priority: string;
}

const EVERY_MEMBER: MembersSlice = { practice: ALL, status: ALL, brand: ALL, mco: ALL, result: ALL, priority: ALL };

/**
 * The members behind one count of the members status report: `practiceIds` are the row's practice
 * (or, for the totals row, every row's practice), `column` the count. Undefined when the slice is
 * empty by construction (a payer column under another payer's filter).
 */
export function membersStatusSlice(query: MembersStatusQuery, practiceIds: readonly number[], column: keyof MembersStatusCounts): MembersSlice | undefined {
  const keepsBrand = (brand: string) => query.brand === ALL || query.brand === brand;
  const base = { ...EVERY_MEMBER, practice: listFilterValue(practiceIds.map(String)), mco: query.mco, result: query.result };
  if (column === "extractedMembers") return { ...base, brand: query.brand };
  if (column === "total") {
    const brands = GROUP_BRANDS.filter(keepsBrand);
    return brands.length === 0 ? undefined : { ...base, status: listFilterValue(GROUP_STATUS_VALUES), brand: listFilterValue(brands) };
  }
  const cell = GROUP_CELLS.find((group) => group.cell === column)!;
  return keepsBrand(cell.brand) ? { ...base, status: cell.status, brand: cell.brand } : undefined;
}

/** The members behind a count of the priority status report: one priority, or the row's sum. */
export function prioritySlice(practiceId: number, priority?: TreatmentPriority): MembersSlice {
  return { ...EVERY_MEMBER, practice: String(practiceId), priority: priority ?? ANY_PRIORITY };
}

/** The slice's URL query: the list's three mirrored filters always, the others when they filter. */
export function sliceQuery(slice: MembersSlice): string {
  const query = new URLSearchParams({ practice: slice.practice, status: slice.status, brand: slice.brand });
  if (slice.mco !== ALL) query.set("mco", slice.mco);
  if (slice.result !== ALL) query.set("result", slice.result);
  if (slice.priority !== ALL) query.set("priority", slice.priority);
  return query.toString();
}
