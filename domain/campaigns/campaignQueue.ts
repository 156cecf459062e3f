// How a campaign narrows the work queue, the same for both backends: which campaigns are served
// today, and the calling window within its hours. The queue's rules stay what they are; a campaign
// only ever narrows them.
import type { components } from "../../contract/schema";
import type { CallingWindow } from "../queue/rules.ts";

type Campaign = components["schemas"]["Campaign"];
type MemberResult = components["schemas"]["MemberResult"];

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

const HOUR_MS = 3_600_000;

/** The results a campaign may rest members after longer than the queue does, with the campaign's hours for each. */
export function campaignCooldowns(campaign: Pick<Campaign, "cooldownHours">): { result: MemberResult; hours: number }[] {
  const { noAnswer, leftMessage } = campaign.cooldownHours;
  return [
    ...(noAnswer === null ? [] : [{ result: "No answer" as const, hours: noAnswer }]),
    ...(leftMessage === null ? [] : [{ result: "Left message" as const, hours: leftMessage }]),
  ];
}

/**
 * Whether a member still rests under the campaign's own cooldown: its latest result is one the
 * campaign rests after, and its last attempt was less than that long ago. The queue's own cooldown
 * is judged apart, so the longer rest wins; a callback is served whatever either says.
 */
export function coolingDownForCampaign(
  campaign: Pick<Campaign, "cooldownHours">,
  member: { result: string; lastAttemptAt: number | null; isCallback: boolean },
  now: number,
): boolean {
  if (member.isCallback || member.lastAttemptAt === null) return false;
  const rest = campaignCooldowns(campaign).find((cooldown) => cooldown.result === member.result);
  return rest !== undefined && now < member.lastAttemptAt + rest.hours * HOUR_MS;
}
