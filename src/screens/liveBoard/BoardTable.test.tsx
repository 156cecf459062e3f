// The board's Time column as people read it: a clock under an hour, hours past one, and the time a
// state began once it has lasted hours (an agent offline since the morning), never "955:12".
import { act, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BoardAgent, BoardRow } from "../../machines/liveBoard/liveBoard.rows";
import { BoardTable } from "./BoardTable";

const NOW = new Date(2026, 10, 28, 16, 20, 12).getTime();
const COUNTS = { callsStarted: 0, resultsSaved: 0, contacts: 0, appointments: 0, callbacksDue: 0, callbacksOverdue: 0 };

function row(userId: number, firstname: string, state: BoardRow["state"], since: number): BoardRow {
  const agent = { userId, firstname, lastname: "Agent", counts: COUNTS } as BoardAgent;
  return { agent, state, since, member: null };
}

const timerOf = (name: string) => within(screen.getByRole("button", { name }).closest("tr")!).getByRole("timer");

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe("the live board's Time column", () => {
  it("shows minutes and seconds, hours past one, and past three hours the time the state began", () => {
    const rows = [
      row(1, "Ana", "ready", NOW - 7 * 60_000 - 5_000),
      row(2, "Ben", "idle", NOW - 3_600_000 - 7 * 60_000 - 5_000),
      row(3, "Cy", "offline", new Date(2026, 10, 28, 7, 8).getTime()),
    ];
    const totals = { agents: 3, counts: COUNTS, conversion: null, states: { ready: 1, idle: 1, offline: 1 } };
    render(<BoardTable rows={rows} totals={totals} sort={{ column: "agent", descending: false }} skewMs={0} emptyText="Nobody has signed in today yet." onSort={() => {}} onOpenAgent={() => {}} />);
    expect(timerOf("Ana Agent")).toHaveTextContent(/^07:05$/);
    expect(timerOf("Ben Agent")).toHaveTextContent(/^1:07:05$/);
    expect(timerOf("Cy Agent")).toHaveTextContent(/^since 7:08\sAM$/);
    act(() => vi.advanceTimersByTime(1_000));
    expect(timerOf("Ana Agent")).toHaveTextContent(/^07:06$/);
    expect(timerOf("Ben Agent")).toHaveTextContent(/^1:07:06$/);
    expect(timerOf("Cy Agent")).toHaveTextContent(/^since 7:08\sAM$/);
  });
});
