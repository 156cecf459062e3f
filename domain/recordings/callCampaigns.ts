// The campaigns of Call Recordings' filter (openapi.yaml getCallCampaigns): the campaigns the
// reader may read, those whose calls have no recording yet with 0, and the campaign names the
// phone system filed recordings under that are not campaigns here, sorted by name.
import { compareText } from "../order.ts";

export interface CallCampaignCount {
  name: string;
  count: number;
}

/** `filed`: each name recordings are filed under, with their count; `campaigns`: the names of the reader's campaigns. */
export function callCampaignChoices(filed: readonly CallCampaignCount[], campaigns: readonly string[]): CallCampaignCount[] {
  const counts = new Map(filed.map((entry) => [entry.name, entry.count]));
  for (const name of campaigns) if (!counts.has(name)) counts.set(name, 0);
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => compareText(a.name, b.name));
}
