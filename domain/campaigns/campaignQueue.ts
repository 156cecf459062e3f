// How a campaign narrows the work queue, the same for both backends: which campaigns are served
// today, and the calling window within its hours. The queue's rules stay what they are; a campaign
// only ever narrows them.
import type { components } from "../../contract/schema";
import type { CallingWindow } from "../queue/rules.ts";

type Campaign = components["schemas"]["Campaign"];

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether the campaign is served on `today` (the practice group's calendar day). */
export const isServedOn = (campaign: Pick<Campaign, "state" | "startsOn" | "endsOn">, today: string) =>
  campaign.state === "active" && campaign.startsOn <= today && today <= campaign.endsOn;

/** The calling window within the campaign's hours: never wider than the queue's own. */
export function campaignWindow(campaign: Pick<Campaign, "hours">, window: CallingWindow): CallingWindow {
  if (!campaign.hours) return window;
  return { opensAt: Math.max(window.opensAt, minutesOf(campaign.hours.from)), closesAt: Math.min(window.closesAt, minutesOf(campaign.hours.to)) };
}

/** Whether a member with `attempts` has reached the campaign's cap (a callback is a promise: it is served whatever the cap). */
export const cappedByCampaign = (campaign: Pick<Campaign, "attemptCap">, attempts: number, isCallback: boolean) =>
  !isCallback && campaign.attemptCap !== null && attempts >= campaign.attemptCap;
