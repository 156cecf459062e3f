// The dates the chart reports send (openapi.yaml QualityIndexRequest, NewPatientOriginQuery):
// calendar days of the practice group's time zone, weeks Monday to Sunday. Only the first step
// (which day is it now in Chicago) uses the time zone; the rest is plain calendar arithmetic,
// because dayjs' timezone plugin adds days wrongly across a DST change.
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import type { components } from "../api/schema";
import { NEW_PATIENT_ORIGIN_MONTHS } from "./constants";

dayjs.extend(utc);
dayjs.extend(timezone);

/** The practice group's time zone (openapi.yaml, Dates). */
export const PRACTICE_TIME_ZONE = "America/Chicago";

/** A calendar date `YYYY-MM-DD`. */
export type IsoDate = string;
/** A calendar month `YYYY-MM`. */
export type IsoMonth = string;

export type QualityIndexPeriods = components["schemas"]["QualityIndexRequest"];

const DAY = "YYYY-MM-DD";

/** The calendar date of an instant in the group's time zone. */
export function practiceToday(now: Date | number): IsoDate {
  return dayjs(now).tz(PRACTICE_TIME_ZONE).format(DAY);
}

function addDays(date: IsoDate, days: number): IsoDate {
  return dayjs.utc(date).add(days, "day").format(DAY);
}

/** The Monday of the date's week (weeks run Monday to Sunday). */
function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, -((dayjs.utc(date).day() + 6) % 7));
}

/**
 * The quality index request: d1..d2 today, yesterday1..yesterday2 yesterday, thirty and seven
 * days before today, thisMonth the 1st of this month, weekStart..weekEnd this week (Monday..Sunday).
 */
export function qualityIndexPeriods(now: Date | number): QualityIndexPeriods {
  const today = practiceToday(now);
  const yesterday = addDays(today, -1);
  const weekStart = mondayOf(today);
  return {
    d1: today,
    d2: today,
    yesterday1: yesterday,
    yesterday2: yesterday,
    thirty: addDays(today, -30),
    seven: addDays(today, -7),
    thisMonth: dayjs.utc(today).startOf("month").format(DAY),
    weekStart,
    weekEnd: addDays(weekStart, 6),
  };
}

/** The month of today in the group's time zone (New Patient Origin's default, §2). */
export function currentMonth(now: Date | number): IsoMonth {
  return practiceToday(now).slice(0, 7);
}

/** §9 The months New Patient Origin offers: this month and the ones before it, newest first. */
export function offeredMonths(now: Date | number, count = NEW_PATIENT_ORIGIN_MONTHS): IsoMonth[] {
  const first = dayjs.utc(`${currentMonth(now)}-01`);
  return Array.from({ length: count }, (_, index) => first.subtract(index, "month").format("YYYY-MM"));
}

/** "November 2026" for "2026-11". */
export function monthLabel(month: IsoMonth): string {
  return dayjs.utc(`${month}-01`).format("MMMM YYYY");
}
