// When generated call-center work happens: the call center's opening hours (8:00–18:00 in the
// practice group's zone), mostly on weekdays, less on Saturdays, never on Sundays, busiest in the
// late morning and the afternoon. The contact-data report charts exactly these times.
import type { Faker } from "@faker-js/faker";
import { HOUR_MS, openHours, type DayHours, zonedDaysAround } from "./zonedDays.ts";

const OPENS_AT_HOUR = 8;
const CLOSES_AT_HOUR = 18;

/** Relative call volume per weekday, Sunday first. */
const DAY_WEIGHTS = [0, 1, 1, 1, 1, 0.9, 0.35];
/** Relative call volume per opening hour, 8:00 first (lunch dip at 12:00). */
const HOUR_WEIGHTS = [0.6, 1, 1.2, 1.1, 0.6, 0.9, 1.1, 1.1, 0.9, 0.5];

/** The open hours of one day; today's are open only up to `now`. */
export interface WorkingDay {
  /** 0 = today, 1 = yesterday, … */
  daysAgo: number;
  opensAt: number;
  closesAt: number;
  /** Closing time, or for today `now` while the day is open (`opensAt` before it opens). */
  endsAt: number;
  /** Share of the calls of the period that fall on this day (unnormalised): by weekday only, so the same at any hour. */
  weight: number;
  /** Where a moment drawn in the day's whole open hours lies (today's packed into what has passed). */
  place: DayHours["place"];
}

/** Working days from today back `days - 1` days (newest first), Sundays left out; today is one at any hour. */
export function workingDays(now: Date, days: number): WorkingDay[] {
  return zonedDaysAround(now, days - 1).flatMap((day, index): WorkingDay[] => {
    const weight = DAY_WEIGHTS[day.weekday] ?? 0;
    if (weight === 0) return [];
    const { from: opensAt, to: closesAt, place } = openHours(day, OPENS_AT_HOUR, CLOSES_AT_HOUR, now.getTime());
    const endsAt = Math.max(opensAt, Math.min(closesAt, now.getTime()));
    return [{ daysAgo: days - 1 - index, opensAt, closesAt, endsAt, weight, place }];
  }).reverse();
}

function cumulative(weights: readonly number[]): number[] {
  let sum = 0;
  return weights.map((weight) => (sum += weight));
}

/** Index of the first running total above `value` (binary search). */
function pick(totals: readonly number[], value: number, count = totals.length): number {
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((totals[middle] ?? 0) > value) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * Draws moments of call-center work over a set of working days, with the weights above. Every call
 * takes the same three draws at any hour, so a world drawn at 9:00 and one drawn at 21:00 of the
 * same day differ only in today's times: today's whole day of work is packed, in its order, into
 * the part of today that has passed (none before it opens: then today's moment is null).
 */
export function createWorkTimeSampler(faker: Faker, days: readonly WorkingDay[]) {
  const dayTotals = cumulative(days.map((day) => day.weight));
  const hourTotals = cumulative(HOUR_WEIGHTS);

  /** A time on one of the days at most `maxDaysAgo` ago (epoch ms), or null when there is none (yet). */
  return function drawWorkTime(maxDaysAgo: number): number | null {
    let count = 0;
    while (count < days.length && (days[count]?.daysAgo ?? Infinity) <= maxDaysAgo) count += 1;
    if (count === 0) return null;
    const total = dayTotals[count - 1] ?? 0;
    const day = days[pick(dayTotals, faker.number.float({ min: 0, max: total }), count)]!;
    const hour = pick(hourTotals, faker.number.float({ min: 0, max: hourTotals.at(-1) ?? 0 }));
    const offset = hour * HOUR_MS + faker.number.int({ min: 0, max: HOUR_MS - 1000 });
    const placed = day.place(day.opensAt + offset);
    return placed === null ? null : Math.floor(placed / 1000) * 1000;
  };
}
