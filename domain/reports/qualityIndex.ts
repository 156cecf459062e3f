// The quality index report's request and funnel (openapi.yaml getQualityIndexReport): the client
// sends the periods as days of the group's time zone; both backends refuse a day before the
// calendar's first and count the leads that reached each stage of the funnel.
import type { components } from "../../contract/schema";
import { addDays, FIRST_DAY, mondayOf, monthStartOf, zonedDate } from "../calendar.ts";
import type { FieldProblem } from "../../contract/errors.ts";
import { compareText } from "../order.ts";

type Schemas = components["schemas"];
export type QualityIndexRequest = Schemas["QualityIndexRequest"];
export type LeadStage = Schemas["FunnelStage"]["stage"];

/** The sales funnel's stages, in order: a lead at a stage has passed every one before it. */
export const FUNNEL_STAGES: readonly LeadStage[] = ["Lead", "Contacted", "Appointment Set", "Visited", "Won"];

/**
 * The request of the day it is at `now`: d1..d2 today, yesterday1..yesterday2 yesterday, thirty and
 * seven days before today, thisMonth the 1st of this month, weekStart..weekEnd this week (Monday..Sunday).
 */
export function qualityIndexPeriods(now: Date | number): QualityIndexRequest {
  const today = zonedDate(now);
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

/** The fields naming a day the calendar does not have (the schema checks the format only). */
export function qualityIndexProblems(request: QualityIndexRequest): FieldProblem[] {
  return Object.entries(request).flatMap(([field, date]) => (date < FIRST_DAY ? [{ field, message: `must be ${FIRST_DAY} or later` }] : []));
}

type QualityIndexReport = Schemas["QualityIndexReport"];
type PracticeCount = Schemas["PracticeCount"];

/** §2 tables by practice: won today, this week, month to date; lost this week and this month; completed this month. */
export const QUALITY_INDEX_TABLES = [
  { key: "wonToday", caption: "Leads won today", list: "qualityWonToday" },
  { key: "wonWeek", caption: "Leads won this week", list: "qualityWon" },
  { key: "wonMonth", caption: "Leads won month to date", list: "qualityMonthWon" },
  { key: "lostWeek", caption: "Leads lost this week", list: "qualityLost" },
  { key: "lostMonth", caption: "Leads lost this month", list: "qualityMonthLost" },
  { key: "completedMonth", caption: "Leads completed this month by practice", list: "leadsMonth" },
] as const satisfies readonly { key: string; caption: string; list: keyof QualityIndexReport }[];

export type QualityIndexTableKey = (typeof QUALITY_INDEX_TABLES)[number]["key"];

/** A practice's line of the six tables side by side (the export): its count in each, 0 where it is absent. */
export interface QualityIndexLine {
  practice: string;
  practiceId: number;
  counts: Record<QualityIndexTableKey, number>;
}

/** The six tables side by side: a line per practice that is in any of them, by practice, ties by id. */
export function qualityIndexLines(report: QualityIndexReport): QualityIndexLine[] {
  const lines = new Map<number, QualityIndexLine>();
  for (const table of QUALITY_INDEX_TABLES) {
    for (const row of report[table.list] as PracticeCount[]) {
      let line = lines.get(row.practiceId);
      if (!line) {
        const counts = Object.fromEntries(QUALITY_INDEX_TABLES.map(({ key }) => [key, 0])) as QualityIndexLine["counts"];
        lines.set(row.practiceId, (line = { practice: row.practice, practiceId: row.practiceId, counts }));
      }
      line.counts[table.key] = row.count;
    }
  }
  return [...lines.values()].sort((a, b) => compareText(a.practice, b.practice) || a.practiceId - b.practiceId);
}
