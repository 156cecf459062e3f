// The members status table: a header row of the three groups over their payer columns (DataTable
// draws one header row only), sortable columns, and the total cells marked as matching the
// extracted count or not, by colour and by a mark and words, and the legend of the marks.
import type { ReactNode } from "react";
import { CountLink } from "../../components/CountLink";
import { membersStatusHref } from "../../machines/report/drillDown";
import type { SortState } from "../../lib/sortRows";
import {
  countColumn,
  PAYERS,
  STATUS_GROUPS,
  totalsMatch,
  type MembersStatusQuery,
  type MembersStatusRow,
  type MembersStatusTotals,
} from "../../machines/membersStatusReport/membersStatusReport";

type CountKey = Exclude<keyof MembersStatusTotals, "practice" | "practiceId">;
/** The address of the members behind a count of a row, or undefined (nothing to open). */
type HrefOf = (column: CountKey, count: number) => string | undefined;

interface MembersStatusTableProps {
  rows: MembersStatusRow[];
  totals: MembersStatusTotals | null;
  /** The filters the rows were counted under, which the members list keeps. */
  query: MembersStatusQuery;
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

function TotalCell({ row, column, hrefOf }: { row: Pick<MembersStatusRow, "total" | "extractedMembers">; column: "total" | "extractedMembers"; hrefOf: HrefOf }) {
  const match = totalsMatch(row);
  const value = row[column];
  return (
    <td className={`num ${match ? "total-cell--match" : "total-cell--mismatch"}`}>
      <span aria-hidden="true" className="total-cell__mark">
        {match ? "✓" : "≠"}
      </span>
      <CountLink count={value} href={hrefOf(column, value)} />
      <span className="members-status__sr">{match ? " (members match extracted)" : " (members differ from extracted)"}</span>
    </td>
  );
}

/** What the marks of the Members and Extracted cells mean, said to everyone (not only to screen readers). */
export function TotalsLegend() {
  return (
    <p className="members-status__legend">
      <strong>Members</strong> (the three groups together) against <strong>Extracted</strong> (every member on the payers&apos; lists):{" "}
      <span className="total-cell--match members-status__key">
        <span aria-hidden="true">✓ </span>equal
      </span>{" "}
      <span className="total-cell--mismatch members-status__key">
        <span aria-hidden="true">≠ </span>they differ
      </span>
      : some extracted members are in none of the three groups.
    </p>
  );
}

function Cells({ row, hrefOf }: { row: MembersStatusRow | MembersStatusTotals; hrefOf: HrefOf }) {
  return (
    <>
      {STATUS_GROUPS.flatMap((group) =>
        PAYERS.map((payer, i) => {
          const column = countColumn(group, payer);
          return (
            <td key={column} className={`num${i === 0 ? " members-status__group-start" : ""}`}>
              <CountLink count={row[column]} href={hrefOf(column, row[column])} />
            </td>
          );
        }),
      )}
      <TotalCell row={row} column="total" hrefOf={hrefOf} />
      <TotalCell row={row} column="extractedMembers" hrefOf={hrefOf} />
    </>
  );
}

export function MembersStatusTable({ rows, totals, query, sort, onSort }: MembersStatusTableProps) {
  const header = { sort, onSort };
  const everyPractice = rows.map((row) => row.practiceId);
  const hrefIn = (practiceIds: number[]): HrefOf => (column, count) => membersStatusHref(query, practiceIds, column, count);
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
                <Cells row={row} hrefOf={hrefIn([row.practiceId])} />
              </tr>
            ))
          )}
        </tbody>
        {totals && rows.length > 0 ? (
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <Cells row={totals} hrefOf={hrefIn(everyPractice)} />
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
