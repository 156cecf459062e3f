// "Why this member?" (openapi.yaml WhyThisMember): how many days past its recare due date a member
// is on its own local day (negative before it).
import type { IsoDate } from "../calendar.ts";
import { localTimeOf } from "./zonedTime.ts";

const DAY_MS = 86_400_000;

export function daysPastRecareDue(recareDue: IsoDate | null, now: number, timeZone: string): number | null {
  if (recareDue === null) return null;
  const today = localTimeOf(now, timeZone).date;
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${recareDue}T00:00:00Z`)) / DAY_MS);
}
