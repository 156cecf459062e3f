// The quality index report's request and funnel (openapi.yaml getQualityIndexReport): the client
// sends the periods as days of the group's time zone; both backends refuse a day before the
// calendar's first and count the leads that reached each stage of the funnel.
import type { components } from "../../src/api/schema";
import { addDays, FIRST_DAY, mondayOf, monthStartOf, zonedDate } from "../calendar.ts";
import type { FieldProblem } from "../errors.ts";

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
