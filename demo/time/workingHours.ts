// When generated call-center work happens: the call center's opening hours (8:00–18:00 in the
// practice group's zone), mostly on weekdays, less on Saturdays, never on Sundays, busiest in the
// late morning and the afternoon. The contact-data report charts exactly these times.
import type { Faker } from "@faker-js/faker";
import { HOUR_MS, openHours, zonedDaysAround } from "./zonedDays.ts";

const OPENS_AT_HOUR = 8;
const CLOSES_AT_HOUR = 18;
const OPEN_HOURS = CLOSES_AT_HOUR - OPENS_AT_HOUR;

/** Relative call volume per weekday, Sunday first. */
const DAY_WEIGHTS = [0, 1, 1, 1, 1, 0.9, 0.35];
/** Relative call volume per opening hour, 8:00 first (lunch dip at 12:00). */
const HOUR_WEIGHTS = [0.6, 1, 1.2, 1.1, 0.6, 0.9, 1.1, 1.1, 0.9, 0.5];

/** The open hours of one day, up to `now` for today. */
export interface WorkingDay {
  /** 0 = today, 1 = yesterday, … */
  daysAgo: number;
  opensAt: number;
  /** Closing time, or `now` for today. */
  endsAt: number;
  /** Share of the calls of the period that fall on this day (unnormalised). */
  weight: number;
}

/** Working days from today back `days - 1` days (newest first); days without open hours left out. */
export function workingDays(now: Date, days: number): WorkingDay[] {
  return zonedDaysAround(now, days - 1).flatMap((day, index): WorkingDay[] => {
    const hours = openHours(day, OPENS_AT_HOUR, CLOSES_AT_HOUR, now.getTime());
    const dayWeight = DAY_WEIGHTS[day.weekday] ?? 0;
    if (!hours || dayWeight === 0) return [];
    const weight = (dayWeight * (hours.to - hours.from)) / (OPEN_HOURS * HOUR_MS);
    return [{ daysAgo: days - 1 - index, opensAt: hours.from, endsAt: hours.to, weight }];
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

/** Draws moments of call-center work over a set of working days, with the weights above. */
export function createWorkTimeSampler(faker: Faker, days: readonly WorkingDay[]) {
  const dayTotals = cumulative(days.map((day) => day.weight));
  const hourTotals = cumulative(HOUR_WEIGHTS);

  /** A time on one of the days at most `maxDaysAgo` ago (epoch ms), or null when there is none. */
  return function drawWorkTime(maxDaysAgo: number): number | null {
    let count = 0;
    while (count < days.length && (days[count]?.daysAgo ?? Infinity) <= maxDaysAgo) count += 1;
    if (count === 0) return null;
    const total = dayTotals[count - 1] ?? 0;
    const day = days[pick(dayTotals, faker.number.float({ min: 0, max: total }), count)]!;
    const hour = pick(hourTotals, faker.number.float({ min: 0, max: hourTotals.at(-1) ?? 0 }));
    const offset = hour * HOUR_MS + faker.number.int({ min: 0, max: HOUR_MS - 1000 });
    const time = day.opensAt + offset;
    // Today is open only until now: a time past it is drawn again within what has been.
    if (time < day.endsAt) return Math.floor(time / 1000) * 1000;
    const withinToday = Math.min(faker.number.float({ min: 0, max: 1 }), 0.999) * (day.endsAt - day.opensAt);
    return day.opensAt + Math.floor(withinToday / 1000) * 1000;
  };
}
