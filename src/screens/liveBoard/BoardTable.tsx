// The live board's table: one row per agent (its state and the time in it, the member being
// worked, today's counts), a header that sorts by any column, and the totals row. Each row is a
// component of its own that re-renders only when that agent's row changes; the clocks tick by
// themselves (ElapsedClock).
import { memo } from "react";
import { ElapsedClock } from "../../components/ElapsedClock";
import type { BoardColumn } from "../../machines/liveBoard/liveBoard.machine";
import type { BoardRow } from "../../machines/liveBoard/liveBoard.rows";
import { conversionOf, conversionText, STATE_LABELS, toneOf, type BoardTotals } from "../../machines/liveBoard/liveBoard.selectors";

const COLUMNS: { key: BoardColumn; header: string; numeric?: boolean }[] = [
  { key: "agent", header: "Agent" },
  { key: "state", header: "State" },
  { key: "time", header: "Time" },
  { key: "member", header: "Member" },
  { key: "campaign", header: "Campaign" },
  { key: "callsStarted", header: "Calls", numeric: true },
  { key: "resultsSaved", header: "Results", numeric: true },
  { key: "contacts", header: "Contacts", numeric: true },
  { key: "appointments", header: "Appointments", numeric: true },
  { key: "conversion", header: "Conversion", numeric: true },
  { key: "callbacksDue", header: "Callbacks due", numeric: true },
  { key: "callbacksOverdue", header: "Overdue", numeric: true },
];

interface BoardTableProps {
  rows: readonly BoardRow[];
  totals: BoardTotals;
  sort: { column: BoardColumn; descending: boolean };
  skewMs: number;
  /** What the table says with no row. */
  emptyText: string;
  onSort: (column: BoardColumn) => void;
  onOpenAgent: (userId: number) => void;
}

export function BoardTable({ rows, totals, sort, skewMs, emptyText, onSort, onOpenAgent }: BoardTableProps) {
  return (
    <div className="table-scroll live-board__table">
      <table className="data-table">
        <caption>Agents signed in today</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? "num" : undefined} aria-sort={sort.column === column.key ? (sort.descending ? "descending" : "ascending") : undefined}>
                <button type="button" className="sort-button" onClick={() => onSort(column.key)}>
                  {column.header}
                  <span aria-hidden="true" className="sort-button__mark">
                    {sort.column === column.key ? (sort.descending ? "▼" : "▲") : "↕"}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length} className="data-table__empty">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => <AgentRow key={row.agent.userId} row={row} skewMs={skewMs} onOpen={onOpenAgent} />)
          )}
        </tbody>
        <tfoot>
          <TotalsRow totals={totals} />
        </tfoot>
      </table>
    </div>
  );
}

const AgentRow = memo(function AgentRow({ row, skewMs, onOpen }: { row: BoardRow; skewMs: number; onOpen: (userId: number) => void }) {
  const { agent, state, since, member } = row;
  const tone = toneOf(state);
  return (
    <tr className={tone ? `live-board__row live-board__row--${tone}` : "live-board__row"} data-user-id={agent.userId}>
      <th scope="row">
        <button type="button" className="button--link live-board__agent" onClick={() => onOpen(agent.userId)}>
          {agent.firstname} {agent.lastname}
        </button>
      </th>
      <td className={`live-board__state live-board__state--${state}`}>{STATE_LABELS[state]}</td>
      <td className="live-board__time">
        <ElapsedClock since={since} skewMs={skewMs} />
      </td>
      <td>
        {member ? (
          <>
            <span className="live-board__member">{member.name}</span>
            <span className="live-board__practice">{member.practice}</span>
          </>
        ) : null}
      </td>
      <td className="live-board__campaign-name">{agent.campaign?.name ?? ""}</td>
      <td className="num">{agent.counts.callsStarted}</td>
      <td className="num">{agent.counts.resultsSaved}</td>
      <td className="num">{agent.counts.contacts}</td>
      <td className="num">{agent.counts.appointments}</td>
      <td className="num">{conversionOf(agent.counts)}</td>
      <td className="num">{agent.counts.callbacksDue}</td>
      <td className={agent.counts.callbacksOverdue > 0 ? "num live-board__overdue" : "num"}>{agent.counts.callbacksOverdue}</td>
    </tr>
  );
});

function TotalsRow({ totals }: { totals: BoardTotals }) {
  const states = Object.entries(totals.states).map(([state, count]) => `${count} ${STATE_LABELS[state as BoardRow["state"]].toLowerCase()}`);
  return (
    <tr>
      <th scope="row">Totals · {totals.agents} {totals.agents === 1 ? "agent" : "agents"}</th>
      <td colSpan={4}>{states.join(" · ")}</td>
      <td className="num">{totals.counts.callsStarted}</td>
      <td className="num">{totals.counts.resultsSaved}</td>
      <td className="num">{totals.counts.contacts}</td>
      <td className="num">{totals.counts.appointments}</td>
      <td className="num">{conversionText(totals.conversion)}</td>
      <td className="num">{totals.counts.callbacksDue}</td>
      <td className="num">{totals.counts.callbacksOverdue}</td>
    </tr>
  );
}
