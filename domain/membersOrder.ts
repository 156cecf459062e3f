// Which value the members list sorts by for a column (openapi.yaml getMembersTableData). Age is
// whole years since the birth date, so the birth date, reversed, gives the same order, and an
// index serves it (an age depends on today and cannot be indexed). Members of one age come by
// birth date, as a finer order than by id. Ties fall back to id ascending, except in the
// descending order of a column that is never empty: that order is the ascending one exactly
// reversed, ties by id descending, as reading the ascending index backwards gives it, unsorted and
// with no descending index to write for every member inserted. Columns that can be empty (notes,
// note time, last visit, next appointment) put their empty values last in both directions, so
// neither order is the other reversed; Practice keeps ties by id ascending either way.
import type { components } from "../contract/schema";

export type MemberSortColumn = components["schemas"]["MemberSortColumn"];
/** The columns that sort by their own values. */
export type MemberSortKey = Exclude<MemberSortColumn, "Age">;

/** The columns whose descending order is their ascending order reversed, ties included. */
const REVERSED_WHEN_DESCENDING: ReadonlySet<MemberSortKey> = new Set([
  "Subscriber_ID",
  "PatNum",
  "MCO",
  "First_Name",
  "Middle_Name",
  "Last_Name",
  "Address1",
  "City",
  "State",
  "Phone",
  "Date_of_Birth",
  "Days_Extracted",
  "Status",
  "Result",
  "entryTime",
]);

/** How the list orders by `column`: by the values of `key`, `descending` or not, and its ties by id descending when `idsDescending`. */
export interface MemberSort {
  key: MemberSortKey;
  descending: boolean;
  idsDescending: boolean;
}

/** The column whose values order `column`, and in which direction (`descending` = sameColumn). */
export function memberSortKey(column: MemberSortColumn, descending: boolean): MemberSort {
  const key = column === "Age" ? "Date_of_Birth" : column;
  const byValue = column === "Age" ? !descending : descending;
  return { key, descending: byValue, idsDescending: byValue && REVERSED_WHEN_DESCENDING.has(key) };
}
