// The members table's header row: every header sorts on the server; the sorted one says which way.
import type { MemberSortColumn } from "../../machines/members/members.filters";
import type { SortState } from "../../lib/sortRows";
import { COLUMNS, pinnedClass } from "./memberColumns";

interface MembersTableHeaderProps {
  sort: SortState;
  onSort: (column: MemberSortColumn) => void;
  locked: boolean;
}

export function MembersTableHeader({ sort, onSort, locked }: MembersTableHeaderProps) {
  return (
    <thead>
      <tr aria-rowindex={1}>
        {COLUMNS.map((column) => {
          const sorted = sort.column === column.sortBy;
          return (
            <th
              key={column.sortBy}
              scope="col"
              className={[column.numeric && "num", pinnedClass(column)].filter(Boolean).join(" ") || undefined}
              aria-sort={sorted ? (sort.direction === "asc" ? "ascending" : "descending") : undefined}
            >
              <button type="button" className="sort-button" disabled={locked} onClick={() => onSort(column.sortBy)}>
                {column.header}
                <span aria-hidden="true" className="sort-button__mark">
                  {sorted ? (sort.direction === "asc" ? "▲" : "▼") : "↕"}
                </span>
              </button>
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
