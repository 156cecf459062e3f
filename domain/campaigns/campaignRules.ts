// What a campaign may be, checked the same by both backends: its dates in order, its hours inside
// the calling window (a campaign narrows when its members are called, never widens it), a name of
// its own (case ignored), and the steps each state allows.
import type { FieldProblem } from "../../contract/errors.ts";
import type { components } from "../../contract/schema";
import type { CallingWindow } from "../queue/rules.ts";

type Schemas = components["schemas"];
export type CampaignState = Schemas["CampaignState"];
export type CampaignStep = Schemas["CampaignStep"];

export const NAME_TAKEN_DETAIL = "is the name of another campaign";
export const nameTaken = (name: string) => `There is already a campaign named ${name}`;
export const VERSION_DETAIL = "was changed by another administrator";
export const changedMeanwhile = (by: string) => `${by} saved a change to this campaign first: read it again before changing it`;
export const STATE_DETAIL = "does not allow this step";
export const stepRefused = (step: CampaignStep | "edit", state: CampaignState) => `A ${state} campaign cannot be ${STEP_PAST[step]}`;
export const NO_SUCH_CAMPAIGN = "No such campaign";
export const ENDS_BEFORE_START_DETAIL = "is before the first day";
export const UNKNOWN_AGENTS_DETAIL = "are not all enabled staff";

const STEP_PAST: Record<CampaignStep | "edit", string> = { pause: "paused", resume: "resumed", finish: "finished", edit: "changed" };

/** The state each step leads to, from the states that allow it. */
const STEPS: Record<CampaignStep, { from: readonly CampaignState[]; to: CampaignState }> = {
  resume: { from: ["draft", "paused"], to: "active" },
  pause: { from: ["active"], to: "paused" },
  finish: { from: ["draft", "active", "paused"], to: "finished" },
};

/** The state after `step`, or undefined when the campaign's state does not allow it. */
export function stateAfter(state: CampaignState, step: CampaignStep): CampaignState | undefined {
  const { from, to } = STEPS[step];
  return from.includes(state) ? to : undefined;
}

/** Names compare trimmed and case ignored: "Houston recare" and "houston recare " are one campaign. */
export const campaignNameKey = (name: string) => name.trim().toLowerCase();

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clockOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

export const hoursOutsideWindow = (window: CallingWindow) => `must be inside the calling window, ${clockOf(window.opensAt)} to ${clockOf(window.closesAt)}, and end after they start`;

export const BLANK_GOAL_DETAIL = "must be a result a member reaches, not Blank";
export const GOAL_COUNT_WITHOUT_RESULT_DETAIL = "needs a goal result to count";
export const GOAL_BY_DETAIL = "must be given with a goal count, and not before the first day";

/** A campaign as it is kept and answered, every optional field of a request filled in. */
export type CampaignFields = Omit<Schemas["Campaign"], "id" | "state" | "version">;

type Checked = Pick<CampaignFields, "startsOn" | "endsOn" | "hours"> & Partial<Pick<CampaignFields, "goalResult" | "goalCount" | "goalBy">>;

/** What breaks the rules in a campaign the contract's schema accepted, by field; none when it is valid. */
export function campaignProblems(input: Checked, window: CallingWindow): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (input.endsOn < input.startsOn) problems.push({ field: "endsOn", message: ENDS_BEFORE_START_DETAIL });
  if (input.hours) {
    const from = minutesOf(input.hours.from);
    const to = minutesOf(input.hours.to);
    if (from >= to || from < window.opensAt || to > window.closesAt) problems.push({ field: "hours", message: hoursOutsideWindow(window) });
  }
  if (input.goalResult === "") problems.push({ field: "goalResult", message: BLANK_GOAL_DETAIL });
  const goalCount = input.goalCount ?? null;
  const goalBy = input.goalBy ?? null;
  if (goalCount !== null && !input.goalResult) problems.push({ field: "goalCount", message: GOAL_COUNT_WITHOUT_RESULT_DETAIL });
  if ((goalCount === null) !== (goalBy === null) || (goalBy !== null && goalBy < input.startsOn)) problems.push({ field: "goalBy", message: GOAL_BY_DETAIL });
  return problems;
}

/**
 * A campaign's fields as they are kept: the name trimmed, the script's line breaks as the agent
 * will read them, and what a request may leave out (written before the goal's count and the
 * cooldowns existed) filled in as "none".
 */
export function cleanCampaign(input: Schemas["CampaignInput"] | Schemas["CampaignChange"]): CampaignFields {
  const { version: _version, ...fields } = input as Schemas["CampaignChange"];
  return {
    ...fields,
    name: input.name.trim(),
    description: input.description.trim(),
    script: input.script.replace(/\r\n?/g, "\n"),
    goalCount: input.goalCount ?? null,
    goalBy: input.goalBy ?? null,
    cooldownHours: { noAnswer: input.cooldownHours?.noAnswer ?? null, leftMessage: input.cooldownHours?.leftMessage ?? null },
  };
}
