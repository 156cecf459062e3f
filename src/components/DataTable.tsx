// A table of rows with sortable column headers (§2: "Sortable column headers; clicking the same
// column again toggles direction"): a button in each header, aria-sort on the sorted one.
import type { ReactNode } from "react";
import type { SortState } from "../lib/sortRows";

export interface Column<TRow> {
  key: string;
  header: ReactNode;
  /** The cell; the row's value under `key` when absent. */
  cell?: (row: TRow) => ReactNode;
  align?: "start" | "end";
  sortable?: boolean;
}

interface DataTableProps<TRow> {
  caption: ReactNode;
  columns: Column<TRow>[];
  rows: readonly TRow[];
  rowKey: (row: TRow) => string | number;
  sort?: SortState;
  onSort?: (column: string) => void;
  /** Rows after the body (totals), drawn by the same columns. */
  footer?: readonly TRow[];
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode;
  rowClassName?: (row: TRow) => string | undefined;
}

export function DataTable<TRow>({ caption, columns, rows, rowKey, sort, onSort, footer, empty, rowClassName }: DataTableProps<TRow>) {
  const cellOf = (row: TRow, column: Column<TRow>) =>
    column.cell ? column.cell(row) : ((row as Record<string, unknown>)[column.key] as ReactNode);
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sorted = sort?.column === column.key;
              const ariaSort = sorted ? (sort.direction === "asc" ? "ascending" : "descending") : undefined;
              return (
                <th key={column.key} scope="col" aria-sort={ariaSort} className={column.align === "end" ? "num" : undefined}>
                  {column.sortable !== false && onSort ? (
                    <button type="button" className="sort-button" onClick={() => onSort(column.key)}>
                      {column.header}
                      <span aria-hidden="true" className="sort-button__mark">
                        {sorted ? (sort.direction === "asc" ? "▲" : "▼") : "↕"}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="data-table__empty">
                {empty ?? "No data"}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={rowClassName?.(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={column.align === "end" ? "num" : undefined}>
                    {cellOf(row, column)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
        {footer && footer.length > 0 ? (
          <tfoot>
            {footer.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={column.align === "end" ? "num" : undefined}>
                    {cellOf(row, column)}
                  </td>
                ))}
              </tr>
            ))}
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
