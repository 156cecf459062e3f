// The demo world's campaigns: three the supervisor set up a week ago, each with agents assigned,
// and the week of work that carries them: every result an assigned agent saved since the campaign
// started, for a member the campaign targets, was saved for it (the earliest campaign of the
// supervisor's order first), and so was the call started for it. The agents are the demo's other
// agents, never the named accounts people sign in as (their Next keeps working the list's filters).
// Drawn from nothing random: the rest of the world does not change with these rules.
import type { components } from "../contract/schema";
import { addDays, zonedDate } from "../domain/calendar.ts";
import type { CallStartRecord, MemberRecord, ResultRecord, World } from "./records.ts";
import { NAMED_STAFF_COUNT } from "./staff.ts";

type Campaign = components["schemas"]["Campaign"];

/** How long ago (days) the campaigns started: the week of history. */
const STARTED_DAYS_AGO = 7;
/** How long they run from today on. */
const RUNS_ON_FOR_DAYS = 21;
/** A call start belongs to the save that follows it within this long (demo/callStarts.ts draws at most 90 minutes). */
const CALL_BEFORE_SAVE_MS = 90 * 60_000;

/** What the demo's campaigns target: a few of the members list's filters, matched here as the list matches them. */
interface DemoTargets {
  company?: string;
  status?: string;
  region?: string;
}

const CAMPAIGNS: { name: string; description: string; script: string; targets: DemoTargets; agents: number[]; state: Campaign["state"]; goalCount: number | null; attemptCap: number | null }[] = [
  {
    name: "MCNA recare, Smile Magic",
    description: "MCNA members overdue for their recare visit in the Smile Magic practices.",
    script: "Hello, this is Smile Magic calling about your child's checkup.\nOur records show the six-month visit is due.\nCan we find a time that works this week or next?",
    targets: { company: "mcna", region: "SMD" },
    agents: [0, 1],
    state: "active",
    goalCount: 40,
    attemptCap: 4,
  },
  {
    name: "UHC new patients",
    description: "New patients of the UHC file: welcome them and book the first visit.",
    script: "Hello, this is the dental office UHC assigned your child to.\nWe would like to welcome you and book a first visit.",
    targets: { company: "uhc", status: "New Patient" },
    agents: [2],
    state: "active",
    goalCount: null,
    attemptCap: null,
  },
  {
    name: "DENTA dropped patients",
    description: "Members who stopped coming: ask why and offer a visit. Paused while the practices review the list.",
    script: "Hello, we have missed your child at the office.\nIs there anything we could do better?\nMay we book a visit?",
    targets: { company: "denta", status: "Dropped Patient" },
    agents: [1, 2],
    state: "paused",
    goalCount: null,
    attemptCap: 3,
  },
];

export interface DemoCampaigns {
  campaigns: Campaign[];
  results: ResultRecord[];
  callStarts: CallStartRecord[];
}

export function buildCampaigns(world: Pick<World, "users" | "practices" | "members" | "today">, results: readonly ResultRecord[], callStarts: readonly CallStartRecord[]): DemoCampaigns {
  const today = zonedDate(world.today);
  const startsOn = addDays(today, -STARTED_DAYS_AGO);
  const endsOn = addDays(today, RUNS_ON_FOR_DAYS);
  const agentIds = world.users.filter((user) => user.id > NAMED_STAFF_COUNT && !user.isAdmin).map((user) => user.id);
  const campaigns: Campaign[] = CAMPAIGNS.map((campaign, index) => ({
    id: index + 1,
    name: campaign.name,
    description: campaign.description,
    script: campaign.script,
    targets: campaign.targets,
    agents: campaign.agents.map((slot) => agentIds[slot]!).sort((a, b) => a - b),
    startsOn,
    endsOn,
    hours: null,
    goalResult: campaign.goalCount === null ? null : "Appointment Made",
    goalCount: campaign.goalCount,
    goalBy: campaign.goalCount === null ? null : endsOn,
    attemptCap: campaign.attemptCap,
    cooldownHours: { noAnswer: null, leftMessage: null },
    position: index + 1,
    state: campaign.state,
    version: 1,
  }));

  const regionOf = new Map(world.practices.map((practice) => [practice.id, practice.region]));
  const members = new Map(world.members.map((member) => [member.id, member]));
  const targets = (targets: DemoTargets, member: MemberRecord) =>
    (targets.company === undefined || member.company === targets.company) &&
    (targets.status === undefined || member.Status === targets.status) &&
    (targets.region === undefined || regionOf.get(member.practiceId) === targets.region);
  const campaignOf = (userId: number, memberId: number, at: string) => {
    if (zonedDate(at) < startsOn) return null;
    const member = members.get(memberId)!;
    return campaigns.find((campaign) => campaign.agents.includes(userId) && targets(campaign.targets as DemoTargets, member))?.id ?? null;
  };

  const withCampaigns = results.map((result) => ({ ...result, campaignId: campaignOf(result.userId, result.memberId, result.createdAt) }));
  const savesFor = Map.groupBy(
    withCampaigns.filter((result) => result.campaignId !== null),
    (result) => `${result.userId}:${result.memberId}`,
  );
  // The call carries the campaign of the save it led to: the agent's next save for the member.
  const callCampaign = (start: CallStartRecord) => {
    const startedAt = Date.parse(start.startedAt);
    const save = savesFor.get(`${start.userId}:${start.memberId}`)?.find((result) => {
      const savedAt = Date.parse(result.createdAt);
      return savedAt >= startedAt && savedAt - startedAt <= CALL_BEFORE_SAVE_MS;
    });
    return save?.campaignId ?? null;
  };
  return { campaigns, results: withCampaigns, callStarts: callStarts.map((start) => ({ ...start, campaignId: callCampaign(start) })) };
}
