// What the live board's screen reads: the rows in the order chosen, the totals row, how live the
// board is, each state's words and colour, and where a member opens in the members list.
import type { SnapshotFrom } from "xstate";
import { conversion, totalCounts, type AgentDayCounts } from "../../../domain/board/dayCounts.ts";
import { compareText } from "../../../domain/order.ts";
import type { agentDayMachine } from "./agentDay.machine";
import type { BoardColumn, liveBoardMachine } from "./liveBoard.machine";
import type { AgentStateName, BoardMember, BoardRow } from "./liveBoard.rows";
import type { ActorRefFrom } from "xstate";

type Snapshot = SnapshotFrom<typeof liveBoardMachine>;

/** The words for each state, in the order the State column sorts them. */
export const STATE_LABELS: Record<AgentStateName, string> = {
  ready: "Ready",
  working: "Working",
  onCall: "On call",
  wrapUpOverdue: "Wrap-up overdue",
  idle: "Idle",
  offline: "Offline",
};
const STATE_ORDER = Object.keys(STATE_LABELS) as AgentStateName[];

/** Amber for a call overdue for its result, red for an idle agent. */
export function toneOf(state: AgentStateName): "amber" | "red" | undefined {
  return state === "wrapUpOverdue" ? "amber" : state === "idle" ? "red" : undefined;
}

const byColumn: Record<BoardColumn, (a: BoardRow, b: BoardRow) => number> = {
  agent: (a, b) => compareText(a.agent.lastname, b.agent.lastname) || compareText(a.agent.firstname, b.agent.firstname),
  state: (a, b) => STATE_ORDER.indexOf(a.state) - STATE_ORDER.indexOf(b.state),
  // Longest in its state first: the earliest start.
  time: (a, b) => a.since - b.since,
  member: (a, b) => compareText(a.member?.name ?? "\uffff", b.member?.name ?? "\uffff"),
  campaign: (a, b) => compareText(a.agent.campaign?.name ?? "\uffff", b.agent.campaign?.name ?? "\uffff"),
  callsStarted: (a, b) => a.agent.counts.callsStarted - b.agent.counts.callsStarted,
  resultsSaved: (a, b) => a.agent.counts.resultsSaved - b.agent.counts.resultsSaved,
  contacts: (a, b) => a.agent.counts.contacts - b.agent.counts.contacts,
  appointments: (a, b) => a.agent.counts.appointments - b.agent.counts.appointments,
  conversion: (a, b) => (conversion(a.agent.counts) ?? -1) - (conversion(b.agent.counts) ?? -1),
  callbacksDue: (a, b) => a.agent.counts.callbacksDue - b.agent.counts.callbacksDue,
  callbacksOverdue: (a, b) => a.agent.counts.callbacksOverdue - b.agent.counts.callbacksOverdue,
};

const sortedCache = new WeakMap<readonly BoardRow[], { key: string; rows: BoardRow[] }>();

/** The rows in the chosen order (ties by name, then id); the same array until the rows or the order change. */
export function selectRows(snapshot: Snapshot): BoardRow[] {
  const { rows, sort } = snapshot.context;
  const key = `${sort.column}:${sort.descending}`;
  const cached = sortedCache.get(rows);
  if (cached?.key === key) return cached.rows;
  const direction = sort.descending ? -1 : 1;
  const sorted = [...rows].sort((a, b) => direction * byColumn[sort.column](a, b) || byColumn.agent(a, b) || a.agent.userId - b.agent.userId);
  sortedCache.set(rows, { key, rows: sorted });
  return sorted;
}

export interface BoardTotals {
  agents: number;
  counts: AgentDayCounts;
  conversion: number | null;
  /** How many agents are in each state. */
  states: Partial<Record<AgentStateName, number>>;
}

const totalsCache = new WeakMap<readonly BoardRow[], BoardTotals>();

export function selectTotals(snapshot: Snapshot): BoardTotals {
  const { rows } = snapshot.context;
  const cached = totalsCache.get(rows);
  if (cached) return cached;
  const counts = totalCounts(rows.map((row) => row.agent.counts));
  const states: BoardTotals["states"] = {};
  for (const row of rows) states[row.state] = (states[row.state] ?? 0) + 1;
  const totals = { agents: rows.length, counts, conversion: conversion(counts), states };
  totalsCache.set(rows, totals);
  return totals;
}

/** "Appointments ÷ contacts": 33.3 %, or a dash without contacts. */
export const conversionText = (value: number | null) => (value === null ? "—" : `${value.toFixed(1)} %`);
export const conversionOf = (counts: AgentDayCounts) => conversionText(conversion(counts));

/** The state of the board as the supervisor should read it. */
export function selectStatus(snapshot: Snapshot): "loading" | "live" | "reconnecting" | "failed" {
  if (snapshot.matches({ board: "failed" })) return "failed";
  if (snapshot.matches({ board: "reconnecting" }) || (snapshot.matches({ board: "loading" }) && snapshot.context.streamDown)) return "reconnecting";
  if (snapshot.matches({ board: "live" })) return "live";
  return "loading";
}

export const selectHasBoard = (snapshot: Snapshot) => snapshot.context.day !== "";
export const selectDay = (snapshot: Snapshot) => snapshot.context.day;
export const selectSkew = (snapshot: Snapshot) => snapshot.context.skewMs;
export const selectSort = (snapshot: Snapshot) => snapshot.context.sort;
export const selectFailure = (snapshot: Snapshot) => snapshot.context.failure;
export const selectWallboard = (snapshot: Snapshot) => snapshot.matches({ view: "wallboard" });
/** The campaigns the board can be narrowed to, in the supervisor's order; empty hides the filter. */
export const selectCampaignChoices = (snapshot: Snapshot) => snapshot.context.campaigns;
export const selectCampaignFilter = (snapshot: Snapshot) => snapshot.context.campaign;

/** What the table says with no row: nobody today, or nobody of the campaign chosen. */
export const selectEmptyText = (snapshot: Snapshot) =>
  snapshot.context.campaign === null ? "Nobody has signed in today yet." : "Nobody assigned to this campaign has signed in today.";

export const selectAgentDay = (snapshot: Snapshot) => snapshot.children.agentDay as ActorRefFrom<typeof agentDayMachine> | undefined;

/** "Marcus Reed", the agent whose day is open. */
export function selectAgentName(snapshot: Snapshot, userId: number): string {
  const agent = snapshot.context.agents.find((each) => each.userId === userId);
  return agent ? `${agent.firstname} ${agent.lastname}` : "The agent";
}

/**
 * The members list opened on one member: its practice and its subscriber id as the search, every
 * other filter cleared so that a saved filter cannot hide it (as the reports' drill-down links do).
 */
export function memberHref(member: Pick<BoardMember, "practiceId" | "subscriberId">): string {
  const query = new URLSearchParams({ practice: String(member.practiceId), status: "all", brand: "all", mco: "all", result: "all", priority: "all", search: member.subscriberId });
  return `/members/all?${query}`;
}

type DaySnapshot = SnapshotFrom<typeof agentDayMachine>;
export const selectDayOfAgent = (snapshot: DaySnapshot) => snapshot.context.day;
export const selectDayStatus = (snapshot: DaySnapshot): "loading" | "shown" | "failed" => snapshot.value as "loading" | "shown" | "failed";
export const selectDayFailure = (snapshot: DaySnapshot) => snapshot.context.failure;
