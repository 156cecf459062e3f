import type { SnapshotFrom } from "xstate";
import { CAMPAIGN_CHART_DAYS } from "../../lib/constants";
import { CHART_COLORS, type ChartSpec } from "../../lib/chartSpec";
import type { ExportRequest } from "../export/export.machine";
import type { CampaignFigure } from "../../../domain/campaigns/campaignProgress.ts";
import type { campaignProgressMachine, ProgressRow } from "./campaignProgress.machine";

type Snapshot = SnapshotFrom<typeof campaignProgressMachine>;

export const selectLoading = (s: Snapshot) => s.matches("loading");
export const selectFailed = (s: Snapshot) => s.matches("failed");
export const selectReady = (s: Snapshot) => s.matches("ready");
export const selectRefreshing = (s: Snapshot) => s.matches({ ready: { counts: "refreshing" } });
export const selectRows = (s: Snapshot) => s.context.rows;
export const selectFailure = (s: Snapshot) => s.context.failure;
export const selectChosen = (s: Snapshot) => s.context.rows.find((row) => row.campaignId === s.context.chosenId) ?? null;
export const selectDaysLoading = (s: Snapshot) => s.matches({ ready: { days: "loading" } });
export const selectDaysFailure = (s: Snapshot) => (s.matches({ ready: { days: "failed" } }) ? s.context.daysFailure : null);
export const selectDaysShown = (s: Snapshot) => s.matches({ ready: { days: "shown" } });
/** When the targets were last counted, the oldest of the campaigns shown. */
export const selectCountedAt = (s: Snapshot) => s.context.rows.map((row) => row.countedAt).sort()[0] ?? null;

const count = new Intl.NumberFormat("en-US");
const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;

/** "needs 14 a day, doing 9 · 5 days left", or what became of the goal. */
export function paceText(row: ProgressRow): string {
  const goal = row.goal;
  if (!goal) return "No goal";
  const target = `${count.format(goal.reached)} of ${count.format(goal.count)} by ${goal.by}`;
  if (goal.reached >= goal.count) return `${target}: reached`;
  if (goal.perDayNeeded === null) return `${target}: its day has passed`;
  return `${target}: needs ${count.format(goal.perDayNeeded)} a day, doing ${goal.perDayDoing} · ${plural(goal.daysLeft, "day", "days")} left`;
}

/** The chosen campaign's last CAMPAIGN_CHART_DAYS days as a line chart. */
export function selectDaysChart(s: Snapshot): ChartSpec | null {
  const chosen = selectChosen(s);
  if (!chosen || !selectDaysShown(s) || s.context.days.length === 0) return null;
  const days = s.context.days.slice(-CAMPAIGN_CHART_DAYS);
  return {
    kind: "line",
    title: `${chosen.name}: ${days.length < s.context.days.length ? `the last ${days.length} days` : "each day"}`,
    categories: days.map((day) => day.day),
    xTitle: "Day",
    yTitle: "Members",
    series: [
      { name: "Called", values: days.map((day) => day.called), color: CHART_COLORS.blue },
      { name: "Reached", values: days.map((day) => day.reached), color: CHART_COLORS.orange },
      { name: "Appointments", values: days.map((day) => day.appointments), color: CHART_COLORS.green },
      { name: "Callbacks booked", values: days.map((day) => day.callbacks), color: CHART_COLORS.purple },
    ],
  };
}

/** The CSV of the chosen campaign's days, once they are shown. */
export const selectExportRequest = (s: Snapshot): ExportRequest | null => {
  const chosen = selectChosen(s);
  return chosen && selectDaysShown(s) ? { report: "campaignDays", id: chosen.campaignId } : null;
};

/** The members list of every practice the user may see. */
const MEMBERS_LIST_ROUTE = "/members/all";

/** A progress figure that opens the members it counts: those the campaign called, reached, and gave its appointment result. */
export type MembersFigure = CampaignFigure;

/** An agent's row under its campaign. */
export type AgentRow = ProgressRow["byAgent"][number];

/**
 * The members list narrowed to the members the figure counts (`campaign` and `campaignFigure`),
 * of one agent's saves when `agent` is given (`campaignAgent`); undefined for a zero. Every other
 * filter is set to all, so that filters saved in the browser hide none of them.
 */
export function campaignMembersHref(row: ProgressRow, figure: MembersFigure, agent?: AgentRow): string | undefined {
  if ((agent ?? row)[figure] === 0) return undefined;
  const query = new URLSearchParams({ practice: "all", status: "all", brand: "all", mco: "all", priority: "all", result: "all", campaign: String(row.campaignId) });
  if (figure !== "called") query.set("campaignFigure", figure);
  if (agent) query.set("campaignAgent", String(agent.userId));
  return `${MEMBERS_LIST_ROUTE}?${query.toString()}`;
}
