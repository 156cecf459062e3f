// A campaign's pace against its goal, the same on both backends: "needs 14 a day, doing 9". Days
// are the practice group's calendar days, today included in what is left.
import { addDays, type IsoDate } from "../calendar.ts";

export interface CampaignPace {
  count: number;
  by: IsoDate;
  reached: number;
  /** Days left to reach it, today and the goal's day included; 0 once the day has passed. */
  daysLeft: number;
  /** Goal results still needed each day left; null once the goal is reached or its day has passed. */
  perDayNeeded: number | null;
  /** Goal results per day so far, since the first day (one decimal). */
  perDayDoing: number;
}

const daysBetween = (from: IsoDate, to: IsoDate) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The pace of `reached` goal results out of `count` by `by`, for a campaign that began on `startsOn`, as of `today`. */
export function campaignPace(goal: { count: number; by: IsoDate }, reached: number, startsOn: IsoDate, today: IsoDate): CampaignPace {
  const daysLeft = Math.max(0, daysBetween(today, goal.by) + 1);
  const needed = goal.count - reached;
  const daysSoFar = Math.max(1, daysBetween(startsOn, today < addDays(goal.by, 1) ? today : goal.by) + 1);
  return {
    ...goal,
    reached,
    daysLeft,
    perDayNeeded: needed <= 0 || daysLeft === 0 ? null : Math.ceil(needed / daysLeft),
    perDayDoing: Math.round((reached / daysSoFar) * 10) / 10,
  };
}
