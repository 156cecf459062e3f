// What a campaign's progress counts, the same on both backends (openapi.yaml CampaignProgress):
// which results reached a person, which one is the campaign's appointment, attempts per member,
// the days of its chart and their CSV. The backends count the results saved in the campaign; the
// rules of what counts are here.
import type { components } from "../../contract/schema";
import { addDays, zonedDate, type IsoDate } from "../calendar.ts";
import type { ExportColumn } from "../exports/csv.ts";
import { APPOINTMENT_MADE, BLANK_RESULT, CONTACTED_RESULTS } from "../vocabulary.ts";
import { campaignPace } from "./campaignPace.ts";

type Schemas = components["schemas"];
export type CampaignProgress = Schemas["CampaignProgress"];
export type CampaignDay = Schemas["CampaignDay"];
type Campaign = Schemas["Campaign"];

/** The targets and the members eligible now are worked out again at most this often per campaign. */
export const TARGETS_RECOUNT_MS = 60_000;

/** A campaign's goal result, as the contract or a database row holds it. */
type GoalResultOf = { goalResult: string | null };

/** The result a campaign counts as its appointments: its goal's, else Appointment Made. */
export const appointmentResultOf = (campaign: GoalResultOf): string => campaign.goalResult ?? APPOINTMENT_MADE;

export type CampaignFigure = Schemas["CampaignFigure"];
/** The figures that count members, in the order of the Campaigns page (openapi.yaml CampaignFigure). */
export const CAMPAIGN_FIGURES: readonly CampaignFigure[] = ["called", "reached", "appointments"];

/**
 * The results a save in the campaign gives its member for `figure` to count them: any result for
 * called (null); for reached, one that reached a person by the one rule of the contact data report
 * and the live board's contacts (CONTACTED_RESULTS: "reached" here is "contacted" there); for
 * appointments, the campaign's appointment result.
 * The progress counts and the members list's drill-down (`campaignFigure`) both keep to it.
 */
export function figureResults(figure: CampaignFigure, campaign: GoalResultOf): readonly string[] | null {
  if (figure === "reached") return CONTACTED_RESULTS;
  if (figure === "appointments") return [appointmentResultOf(campaign)];
  return null;
}

/** Whether a save of `result` counts its member in `figure` (figureResults). */
export const countsIn = (figure: CampaignFigure, campaign: GoalResultOf) => {
  const results = figureResults(figure, campaign);
  return (result: string) => results === null || results.includes(result);
};

/** An attempt is a saved result other than Blank (the queue's own count). */
export const isAttempt = (result: string) => result !== BLANK_RESULT;

/** Attempts per member called, one decimal; 0 when nobody was called. */
export const attemptsPerMember = (attempts: number, called: number) => (called === 0 ? 0 : Math.round((attempts / called) * 10) / 10);

/** What a backend counted of a campaign's saved results. */
export interface CampaignWork {
  called: number;
  reached: number;
  appointments: number;
  attempts: number;
  callbacksOpen: number;
  byAgent: Schemas["CampaignAgentProgress"][];
}

/** The kept counts of a campaign's targets. */
export interface KeptTargets {
  targeted: number;
  eligibleNow: number;
  countedAt: string;
}

type Goal = Pick<Campaign, "id" | "goalCount" | "goalBy" | "startsOn">;

/** A campaign's progress as of `today` (the practice group's calendar day). */
export function progressOf(campaign: Goal, work: CampaignWork, kept: KeptTargets, today: IsoDate): CampaignProgress {
  const { attempts, ...counts } = work;
  const goal = campaign.goalCount !== null && campaign.goalBy !== null ? campaignPace({ count: campaign.goalCount, by: campaign.goalBy }, work.appointments, campaign.startsOn, today) : null;
  return { campaignId: campaign.id, targeted: kept.targeted, eligibleNow: kept.eligibleNow, ...counts, attemptsPerMember: attemptsPerMember(attempts, work.called), goal, countedAt: kept.countedAt };
}

/** Agents by last name, then first name, then id. */
export const byName = (a: Schemas["CampaignAgentProgress"], b: Schemas["CampaignAgentProgress"]) =>
  a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname) || a.userId - b.userId;

/** The days of the chart: `startsOn` to the earlier of `today` and `endsOn`, none before it starts. */
export function campaignDaySpan(campaign: Pick<Campaign, "startsOn" | "endsOn">, today: IsoDate): { from: IsoDate; to: IsoDate } | null {
  const to = campaign.endsOn < today ? campaign.endsOn : today;
  return to < campaign.startsOn ? null : { from: campaign.startsOn, to };
}

/** Every day of the span in order, the counted ones as counted and the rest with zeros. */
export function campaignDays(campaign: Pick<Campaign, "startsOn" | "endsOn">, today: IsoDate, counted: readonly CampaignDay[]): CampaignDay[] {
  const span = campaignDaySpan(campaign, today);
  if (!span) return [];
  const byDay = new Map(counted.map((row) => [row.day, row]));
  const days: CampaignDay[] = [];
  for (let day = span.from; day <= span.to; day = addDays(day, 1)) days.push(byDay.get(day) ?? { day, called: 0, reached: 0, appointments: 0, callbacks: 0 });
  return days;
}

export const CAMPAIGN_DAYS_EXPORT_COLUMNS: readonly ExportColumn<CampaignDay>[] = [
  { header: "Day", value: (row) => row.day },
  { header: "Called", value: (row) => row.called },
  { header: "Reached", value: (row) => row.reached },
  { header: "Appointments", value: (row) => row.appointments },
  { header: "Callbacks", value: (row) => row.callbacks },
];

/** `Campaign-<name>-YYYY-MM-DD.csv`, the day the export was taken in the practices' time zone. */
export const campaignDaysFileName = (name: string, now: Date, timeZone?: string) => `Campaign-${name}-${zonedDate(now, timeZone)}.csv`;
