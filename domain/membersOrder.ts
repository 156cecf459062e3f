// Which value the members list sorts by for a column (openapi.yaml getMembersTableData). Age is
// whole years since the birth date, so the birth date, reversed, gives the same order, and an
// index serves it (an age depends on today and cannot be indexed). Members of one age come by
// birth date, as a finer order than by id; the same birth date falls back to id ascending.
import type { components } from "../contract/schema";

export type MemberSortColumn = components["schemas"]["MemberSortColumn"];
/** The columns that sort by their own values. */
export type MemberSortKey = Exclude<MemberSortColumn, "Age">;

/** The column whose values order `column`, and in which direction (`descending` = sameColumn). */
export function memberSortKey(column: MemberSortColumn, descending: boolean): { key: MemberSortKey; descending: boolean } {
  return column === "Age" ? { key: "Date_of_Birth", descending: !descending } : { key: column, descending };
}
