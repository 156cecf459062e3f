// The members status table: a header row of the three groups over their payer columns (DataTable
// draws one header row only), sortable columns, and the total cells marked as matching the
// extracted count or not, by colour and by a mark and words.
import type { ReactNode } from "react";
import type { SortState } from "../../lib/sortRows";
import {
  countColumn,
  PAYERS,
  STATUS_GROUPS,
  totalsMatch,
  type MembersStatusRow,
  type MembersStatusTotals,
} from "../../machines/membersStatusReport/membersStatusReport";

interface MembersStatusTableProps {
  rows: MembersStatusRow[];
  totals: MembersStatusTotals | null;
  sort: SortState;
  onSort: (column: string) => void;
}

function SortHeader({ column, children, sort, onSort, rowSpan, className }: {
  column: string;
  children: ReactNode;
  sort: SortState;
  onSort: (column: string) => void;
  rowSpan?: number;
  className?: string;
}) {
  const sorted = sort.column === column;
  return (
    <th scope="col" rowSpan={rowSpan} className={className} aria-sort={sorted ? (sort.direction === "asc" ? "ascending" : "descending") : undefined}>
      <button type="button" className="sort-button" onClick={() => onSort(column)}>
        {children}
        <span aria-hidden="true" className="sort-button__mark">
          {sorted ? (sort.direction === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </button>
    </th>
  );
}

function TotalCell({ row, value }: { row: Pick<MembersStatusRow, "total" | "extractedMembers">; value: number }) {
  const match = totalsMatch(row);
  return (
    <td className={`num ${match ? "total-cell--match" : "total-cell--mismatch"}`}>
      <span aria-hidden="true" className="total-cell__mark">
        {match ? "✓" : "≠"}
      </span>
      {value}
      <span className="members-status__sr">{match ? " (members match extracted)" : " (members differ from extracted)"}</span>
    </td>
  );
}

function Cells({ row }: { row: MembersStatusRow | MembersStatusTotals }) {
  return (
    <>
      {STATUS_GROUPS.flatMap((group) =>
        PAYERS.map((payer, i) => (
          <td key={countColumn(group, payer)} className={`num${i === 0 ? " members-status__group-start" : ""}`}>
            {row[countColumn(group, payer)]}
          </td>
        )),
      )}
      <TotalCell row={row} value={row.total} />
      <TotalCell row={row} value={row.extractedMembers} />
    </>
  );
}

export function MembersStatusTable({ rows, totals, sort, onSort }: MembersStatusTableProps) {
  const header = { sort, onSort };
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption>Members by status and payer, per practice ({rows.length} practices)</caption>
        <thead>
          <tr>
            <SortHeader column="practice" rowSpan={2} {...header}>
              Practice
            </SortHeader>
            {STATUS_GROUPS.map((group) => (
              <th key={group.key} scope="colgroup" colSpan={PAYERS.length} className="members-status__group">
                {group.label}
              </th>
            ))}
            <SortHeader column="total" rowSpan={2} className="num" {...header}>
              Members
            </SortHeader>
            <SortHeader column="extractedMembers" rowSpan={2} className="num" {...header}>
              Extracted
            </SortHeader>
          </tr>
          <tr>
            {STATUS_GROUPS.flatMap((group) =>
              PAYERS.map((payer, i) => (
                <SortHeader
                  key={countColumn(group, payer)}
                  column={countColumn(group, payer)}
                  className={`num${i === 0 ? " members-status__group-start" : ""}`}
                  {...header}
                >
                  <span className="members-status__sr">{group.label} </span>
                  {payer}
                </SortHeader>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={2 + STATUS_GROUPS.length * PAYERS.length + 1} className="data-table__empty">
                No practices match these filters.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.practiceId}>
                <th scope="row">{row.practice}</th>
                <Cells row={row} />
              </tr>
            ))
          )}
        </tbody>
        {totals && rows.length > 0 ? (
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <Cells row={totals} />
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
