// A campaign as the editor holds it, and as the contract takes it. Its targets are the members
// list's own filters and search (members.filters.ts), kept in the list's shape so the editor shows
// the list's controls, and turned into the list's query (members.query.ts) with the defaults left
// out: a campaign names only what narrows it. Pure functions; the editor machine and its tests use them.
import type { components } from "../../../contract/schema";
import { addDays } from "../../../domain/calendar.ts";
import { ALL, NO_FILTERS, parsePracticeIds, type MemberFilters, type RegionFilter } from "../members/members.filters";
import { exportQuery, UNSORTED } from "../members/members.query";

type Schemas = components["schemas"];
export type Campaign = Schemas["Campaign"];
export type CampaignInput = Schemas["CampaignInput"];
export type CampaignTargets = Schemas["CampaignTargets"];
export type CampaignTargetsCount = Schemas["CampaignTargetsCount"];

/** A text field of the draft (hours, cap and order as typed: '' = none). */
export type DraftField =
  | "name"
  | "description"
  | "script"
  | "startsOn"
  | "endsOn"
  | "hoursFrom"
  | "hoursTo"
  | "goalResult"
  | "goalCount"
  | "goalBy"
  | "attemptCap"
  | "cooldownNoAnswer"
  | "cooldownLeftMessage"
  | "position";

export interface CampaignDraft {
  /** null: a new campaign. */
  id: number | null;
  /** The version the administrator saw (null for a new campaign). */
  version: number | null;
  name: string;
  description: string;
  script: string;
  filters: MemberFilters;
  search: string;
  region: RegionFilter;
  agents: number[];
  startsOn: string;
  endsOn: string;
  hoursFrom: string;
  hoursTo: string;
  /** A result other than Blank, or '' for no goal. */
  goalResult: string;
  /** How many members should reach the goal by `goalBy` ('' = no count). */
  goalCount: string;
  goalBy: string;
  attemptCap: string;
  /** Hours a member rests after No answer / Left message ('' = the queue's). */
  cooldownNoAnswer: string;
  cooldownLeftMessage: string;
  position: string;
}

/** A new campaign: from today for a week, the whole calling window, no goal, the queue's cap. */
export function newDraft(today: string, position: number): CampaignDraft {
  return {
    id: null,
    version: null,
    name: "",
    description: "",
    script: "",
    filters: NO_FILTERS,
    search: "",
    region: ALL,
    agents: [],
    startsOn: today,
    endsOn: addDays(today, 6),
    hoursFrom: "",
    hoursTo: "",
    goalResult: "",
    goalCount: "",
    goalBy: "",
    attemptCap: "",
    cooldownNoAnswer: "",
    cooldownLeftMessage: "",
    position: String(position),
  };
}

/** The targets as the members list's filters (an absent target is no filter). */
export function filtersOf(targets: CampaignTargets): Pick<CampaignDraft, "filters" | "search" | "region"> {
  return {
    filters: {
      practiceIds: parsePracticeIds(targets.practice),
      status: targets.status ?? ALL,
      result: targets.result ?? ALL,
      mco: targets.mco ?? ALL,
      dentist: targets.dentistFirstName ?? "",
      brand: targets.company ?? ALL,
      priority: targets.priority ?? ALL,
      campaign: null,
      campaignFigure: "called",
      campaignAgent: null,
    },
    search: targets.search ?? "",
    region: targets.region ?? ALL,
  };
}

const textOf = (value: number | null) => (value === null ? "" : String(value));

export function draftOf(campaign: Campaign): CampaignDraft {
  return {
    id: campaign.id,
    version: campaign.version,
    name: campaign.name,
    description: campaign.description,
    script: campaign.script,
    ...filtersOf(campaign.targets),
    agents: [...campaign.agents],
    startsOn: campaign.startsOn,
    endsOn: campaign.endsOn,
    hoursFrom: campaign.hours?.from ?? "",
    hoursTo: campaign.hours?.to ?? "",
    goalResult: campaign.goalResult ?? "",
    goalCount: textOf(campaign.goalCount),
    goalBy: campaign.goalBy ?? "",
    attemptCap: textOf(campaign.attemptCap),
    cooldownNoAnswer: textOf(campaign.cooldownHours.noAnswer),
    cooldownLeftMessage: textOf(campaign.cooldownHours.leftMessage),
    position: String(campaign.position),
  };
}

/** The members list's query of the draft's targets, without the values that filter nothing. */
export function targetsOf(draft: Pick<CampaignDraft, "filters" | "search" | "region">): CampaignTargets {
  const query = exportQuery({ filters: draft.filters, search: draft.search.trim(), region: draft.region, pageNum: 1, pageSize: 15, sort: UNSORTED });
  return Object.fromEntries(Object.entries(query).filter(([key, value]) => value !== ALL && (value !== "" || key === "result"))) as CampaignTargets;
}

const numberOrNull = (text: string) => (text.trim() === "" ? null : Number(text));

export function inputOf(draft: CampaignDraft): CampaignInput {
  return {
    name: draft.name.trim(),
    description: draft.description,
    script: draft.script,
    targets: targetsOf(draft),
    agents: draft.agents,
    startsOn: draft.startsOn,
    endsOn: draft.endsOn,
    hours: draft.hoursFrom === "" && draft.hoursTo === "" ? null : { from: draft.hoursFrom, to: draft.hoursTo },
    goalResult: draft.goalResult === "" ? null : (draft.goalResult as CampaignInput["goalResult"]),
    goalCount: numberOrNull(draft.goalCount),
    goalBy: draft.goalBy === "" ? null : draft.goalBy,
    attemptCap: numberOrNull(draft.attemptCap),
    cooldownHours: { noAnswer: numberOrNull(draft.cooldownNoAnswer), leftMessage: numberOrNull(draft.cooldownLeftMessage) },
    position: numberOrNull(draft.position) ?? 0,
  };
}

/** What the browser can tell before asking the server: a name, and both days. */
export const draftComplete = (draft: CampaignDraft) => draft.name.trim() !== "" && draft.startsOn !== "" && draft.endsOn !== "";
