// Sorting of table rows on the client (report tables are small and complete): numbers by value,
// text by the reader's alphabet, empty values last in either direction.
export type SortDirection = "asc" | "desc";

export interface SortState<TColumn extends string = string> {
  column: TColumn | null;
  direction: SortDirection;
}

const collator = new Intl.Collator("en-US", { numeric: true, sensitivity: "base" });

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  return collator.compare(String(a), String(b));
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === "";

export function sortRows<TRow>(rows: readonly TRow[], column: keyof TRow | null, direction: SortDirection): TRow[] {
  if (column === null) return [...rows];
  const sign = direction === "asc" ? 1 : -1;
  return [...rows].sort((left, right) => {
    const a = left[column];
    const b = right[column];
    if (isEmpty(a) || isEmpty(b)) return Number(isEmpty(a)) - Number(isEmpty(b));
    return sign * compareValues(a, b);
  });
}

/** §2: "clicking the same column again toggles direction"; a new column starts ascending. */
export function nextSort<TColumn extends string>(current: SortState<TColumn>, column: TColumn): SortState<TColumn> {
  return current.column === column
    ? { column, direction: current.direction === "asc" ? "desc" : "asc" }
    : { column, direction: "asc" };
}
