// New patient origin's months (§9: "New patient origin offers this many months"): this month, in the
// group's time zone, and the ones before it. The client offers them; both backends refuse others.
import { lastMonths, type IsoDate, type IsoMonth } from "../calendar.ts";
import type { FieldProblem } from "../../contract/errors.ts";
import type { components } from "../../contract/schema";

/**
 * One row of the first-visit CSV download (§2: Practice, Patient Number, First Visit Date, Result).
 * Only the export carries them: the report's answer is counts.
 */
export interface FirstVisitRow {
  /** The practice's abbreviation. */
  practice: string;
  patNum: string;
  firstVisitDate: IsoDate;
  result: components["schemas"]["MemberResult"];
}

/** §9 New patient origin offers this many months. */
export const NEW_PATIENT_ORIGIN_MONTHS = 24;

/** The months offered on the day `today`, newest (the current month) first. */
export const offeredMonths = (today: IsoDate): IsoMonth[] => lastMonths(today, NEW_PATIENT_ORIGIN_MONTHS);

/** The months asked for that the report does not offer, named as `params.date.<index>`. */
export function monthsOutsideOffer(months: readonly string[], today: IsoDate): FieldProblem[] {
  const offered = new Set(offeredMonths(today));
  return months.flatMap((month, index) =>
    offered.has(month) ? [] : [{ field: `params.date.${index}`, message: `must be one of the last ${NEW_PATIENT_ORIGIN_MONTHS} months` }],
  );
}
