// The demo world's campaigns: three the supervisor set up a week ago, each with agents assigned,
// and the week of work that carries them: every result an assigned agent saved since the campaign
// started, for a member the campaign targets, was saved for it (the earliest campaign of the
// supervisor's order first), and so was the call started for it. The agents are the demo's other
// agents, never the named accounts people sign in as (their Next keeps working the list's filters).
// The week holds at least one appointment made in a campaign (the Campaigns page's figures and their
// drill-down show one whatever the day and hour): when the draws booked none before today, the
// latest save in the first campaign that was its member's latest call before today was one. Drawn from nothing random: the
// rest of the world does not change with these rules.
import type { components } from "../contract/schema";
import { addDays, startOfZonedDay, zonedDate } from "../domain/calendar.ts";
import { APPOINTMENT_MADE } from "../domain/vocabulary.ts";
import type { CallStartRecord, MemberRecord, NoteRecord, ResultRecord, World } from "./records.ts";
import { NAMED_STAFF_COUNT } from "./staff.ts";

type Campaign = components["schemas"]["Campaign"];

/** How long ago (days) the campaigns started: the week of history. */
const STARTED_DAYS_AGO = 7;
/** How long they run from today on. */
const RUNS_ON_FOR_DAYS = 21;
/** A note belongs to the save it was written after within this long (demo/activity.ts: at most 5 minutes). */
const NOTE_AFTER_SAVE_MS = 5 * 60_000;
/** What the agent wrote after the call that booked the week's appointment, when the draws booked none. */
const BOOKED_NOTE = "Booked the first visit from the campaign call, reminded to bring the Medicaid card.";
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

export function buildCampaigns(
  world: Pick<World, "users" | "practices" | "members" | "today">,
  { results, notes }: { results: readonly ResultRecord[]; notes: NoteRecord[] },
  callStarts: readonly CallStartRecord[],
): DemoCampaigns {
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
  bookOneIfNone(withCampaigns, notes, members, startOfZonedDay(today));
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

/**
 * When no campaign holds an appointment made before today, the first campaign's latest save before
 * today that is its member's latest call before today becomes one, its note (if any) with it. Days
 * before today only, so the choice is the same at any hour.
 */
function bookOneIfNone(results: (ResultRecord & { campaignId: number | null })[], notes: NoteRecord[], members: Map<number, MemberRecord>, startOfToday: number): void {
  const beforeToday = results.filter((result) => Date.parse(result.createdAt) < startOfToday);
  if (beforeToday.some((result) => result.campaignId !== null && result.Result === APPOINTMENT_MADE)) return;
  const latestBeforeToday = new Map(beforeToday.map((result) => [result.memberId, result]));
  const candidates = [...latestBeforeToday.values()].filter((result) => result.campaignId !== null);
  const firstCampaign = Math.min(...candidates.map((result) => result.campaignId!));
  const booked = candidates.filter((result) => result.campaignId === firstCampaign).sort((a, b) => a.id - b.id).at(-1);
  if (!booked) return;
  booked.Result = APPOINTMENT_MADE;
  const member = members.get(booked.memberId)!;
  // Unless the member was called again today.
  if (results.findLast((result) => result.memberId === booked.memberId) === booked) member.Result = APPOINTMENT_MADE;
  const savedAt = Date.parse(booked.createdAt);
  for (const note of notes) {
    const writtenAt = Date.parse(note.createdAt);
    if (note.memberId !== booked.memberId || note.userId !== booked.userId || writtenAt < savedAt || writtenAt > savedAt + NOTE_AFTER_SAVE_MS) continue;
    if (member.notes === note.notes && member.notestimestamp === note.createdAt) member.notes = BOOKED_NOTE;
    note.notes = BOOKED_NOTE;
  }
}
