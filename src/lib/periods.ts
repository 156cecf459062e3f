// Report periods as calendar days of the practice group's time zone (openapi.yaml "Dates":
// America/Chicago; weeks run Monday to Sunday). The arithmetic is done on plain dates, and only the
// first step (which day is it now in Chicago) uses the time zone: dayjs' timezone plugin adds days
// wrongly across a DST change.
import dayjs from "dayjs";
import customParseFormat from "dayjs/plugin/customParseFormat";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import type { components } from "../api/schema";
import { LEAD_REPORT_DATE_FORMAT, NEW_PATIENT_ORIGIN_MONTHS } from "./constants";

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/** openapi.yaml "Dates": the practice group's time zone. */
export const PRACTICE_TIME_ZONE = "America/Chicago";

/** A calendar date `YYYY-MM-DD`. */
export type IsoDate = string;
/** A calendar month `YYYY-MM`. */
export type IsoMonth = string;

/** Both days included. */
export interface DateRange {
  startDate: IsoDate;
  endDate: IsoDate;
}

const ISO = "YYYY-MM-DD";

/** The calendar date of an instant in the group's time zone. */
export function zonedToday(now: Date | number): IsoDate {
  return dayjs(now).tz(PRACTICE_TIME_ZONE).format(ISO);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return dayjs.utc(date).add(days, "day").format(ISO);
}

/** The Monday of the date's week (Monday to Sunday). */
export function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, -((dayjs.utc(date).day() + 6) % 7));
}

export function monthStartOf(date: IsoDate): IsoDate {
  return dayjs.utc(date).startOf("month").format(ISO);
}

export function monthEndOf(date: IsoDate): IsoDate {
  return dayjs.utc(date).endOf("month").format(ISO);
}

export interface StandardPeriods {
  today: DateRange;
  yesterday: DateRange;
  /** Monday to today. */
  thisWeek: DateRange;
  /** Monday to Sunday of the week before. */
  lastWeek: DateRange;
  /** The 1st to today. */
  monthToDate: DateRange;
  /** The whole month before. */
  lastMonth: DateRange;
  /** The whole current month (report defaults such as "the current month"). */
  thisMonth: DateRange;
}

export function standardPeriods(now: Date | number): StandardPeriods {
  const today = zonedToday(now);
  const yesterday = addDays(today, -1);
  const monday = mondayOf(today);
  const monthStart = monthStartOf(today);
  const lastMonthStart = monthStartOf(addDays(monthStart, -1));
  return {
    today: { startDate: today, endDate: today },
    yesterday: { startDate: yesterday, endDate: yesterday },
    thisWeek: { startDate: monday, endDate: today },
    lastWeek: { startDate: addDays(monday, -7), endDate: addDays(monday, -1) },
    monthToDate: { startDate: monthStart, endDate: today },
    lastMonth: { startDate: lastMonthStart, endDate: addDays(monthStart, -1) },
    thisMonth: { startDate: monthStart, endDate: monthEndOf(today) },
  };
}

/** §9 Lead report date format MM-dd-yyyy, from an ISO date. */
export function toLeadDate(date: IsoDate): string {
  return dayjs.utc(date).format(LEAD_REPORT_DATE_FORMAT);
}

/** An ISO date from `MM-dd-yyyy`, or null when the text is no calendar day. */
export function fromLeadDate(text: string): IsoDate | null {
  const parsed = dayjs.utc(text, LEAD_REPORT_DATE_FORMAT, true);
  return parsed.isValid() ? parsed.format(ISO) : null;
}

/** The lead data report's standard periods request (openapi.yaml LeadDataPeriodsRequest). */
export function leadPeriodBounds(now: Date | number) {
  const p = standardPeriods(now);
  return {
    today: toLeadDate(p.today.startDate),
    yesterday: toLeadDate(p.yesterday.startDate),
    weekStart: toLeadDate(p.thisWeek.startDate),
    lastWeekStart: toLeadDate(p.lastWeek.startDate),
    lastWeekEnd: toLeadDate(p.lastWeek.endDate),
    monthStart: toLeadDate(p.monthToDate.startDate),
    lastMonth: toLeadDate(p.lastMonth.startDate),
    lastMonthEnd: toLeadDate(p.lastMonth.endDate),
  };
}

export type QualityIndexPeriods = components["schemas"]["QualityIndexRequest"];

/**
 * The quality index request: d1..d2 today, yesterday1..yesterday2 yesterday, thirty and seven
 * days before today, thisMonth the 1st of this month, weekStart..weekEnd this week (Monday..Sunday).
 */
export function qualityIndexPeriods(now: Date | number): QualityIndexPeriods {
  const today = zonedToday(now);
  const yesterday = addDays(today, -1);
  const weekStart = mondayOf(today);
  return {
    d1: today,
    d2: today,
    yesterday1: yesterday,
    yesterday2: yesterday,
    thirty: addDays(today, -30),
    seven: addDays(today, -7),
    thisMonth: monthStartOf(today),
    weekStart,
    weekEnd: addDays(weekStart, 6),
  };
}

/** The month of today in the group's time zone (New Patient Origin's default, §2). */
export function currentMonth(now: Date | number): IsoMonth {
  return zonedToday(now).slice(0, 7);
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
