// Saving a member's result (§4 "Changing a result saves it and reloads the list") as one of a team
// (docs/architecture.md, Agents as a team): a save sends the member's version as the agent sees it
// on the page; a member someone else is calling asks "Marcus Reed is calling this member. Save
// anyway?" first; a save refused because another landed since (409) shows theirs on the row, with
// Keep theirs and Save mine (the agent's result again, on their version). While a save is asked
// about or written the list holds its page; a save that landed ends the agent's claim on the member,
// reloads the list, and tells whoever listens (the keyboard work mode). Effects are named here and
// provided by src/app.
import { assign, emit, raise, sendTo, setup, type ActorRefFrom } from "xstate";
import { notProvided } from "../../notProvided";
import { serverNow } from "../../../api/serverClock";
import { type ApiFailure, toFailure } from "../../../api/errors";
import type { components } from "../../../../contract/schema";
import type { Member, MemberResult } from "../members.filters";
import { claimOfOther, holderName, type CurrentResult } from "../team";
import type { ListEvent } from "../list/list.types";
import { followList, type ListNews, type ListRef } from "../list/list.follow";
import type { ClaimsEvent, claimsMachine } from "../claims/claims.machine";

export type SaveResultRequest = components["schemas"]["SaveResultRequest"];
/** A saved result's new version, or the result someone else saved after the version sent (409). */
export type SaveResultOutcome = { version: number } | { conflict: CurrentResult };

/** A save refused because another landed since: the agent's result and the member's now. */
export interface ResultConflict {
  mine: MemberResult;
  current: CurrentResult;
}

export interface ResultSaveInput {
  list: ListRef;
  claims: ActorRefFrom<typeof claimsMachine>;
  /** The signed-in agent: a claim of theirs is no reason to ask before saving. */
  userId: number;
}

export interface ResultSaveContext extends ResultSaveInput {
  /** The list's rows, as the agent sees them (list.follow.ts), and whether they are a page shown. */
  members: Member[];
  pageShown: boolean;
  /** The member whose result is being saved, the result, and the version the agent saw. */
  savingResult: { memberId: number; result: MemberResult; version: number } | null;
  /** A save waiting for "Save anyway?": someone else is calling the member. */
  confirming: { memberId: number; result: MemberResult; claimedBy: string } | null;
  /** Saves refused because another landed since, by member id. */
  conflicts: Record<number, ResultConflict>;
  /** The member of the latest save asked for: the one the work queue served may not be on the page. */
  asked: Member | null;
}

export type ResultSaveEvent =
  | { type: "members.result.save"; member: Member; result: MemberResult }
  | { type: "members.save.confirm" }
  | { type: "members.save.cancel" }
  | { type: "members.conflict.keepTheirs"; memberId: number }
  | { type: "members.conflict.saveMine"; memberId: number }
  /** The save's outcome, read once from its answer. */
  | { type: "save.landed" }
  | { type: "save.refused"; current: CurrentResult }
  | ListNews;

/** Told to whoever listens (the keyboard work mode): a result of the member was saved. */
export type ResultSaveEmitted = { type: "members.result.saved"; memberId: number; result: MemberResult };

/** The member's row as the agent sees it on the page, or as it was served above the page. */
const rowOf = (context: ResultSaveContext, memberId: number) =>
  context.members.find((member) => member.id === memberId) ?? (context.asked?.id === memberId ? context.asked : undefined);
const versionOf = (context: ResultSaveContext, memberId: number) => rowOf(context, memberId)?.version ?? 1;

const withoutConflict = (conflicts: Record<number, ResultConflict>, memberId: number) =>
  Object.fromEntries(Object.entries(conflicts).filter(([id]) => Number(id) !== memberId));

/** The save call's body: the member's keys, the result, the version seen. */
function saveRequest(context: ResultSaveContext): SaveResultRequest {
  const { savingResult } = context;
  const member = savingResult ? rowOf(context, savingResult.memberId) : undefined;
  return {
    sid: member?.Subscriber_ID ?? "",
    Result: savingResult?.result ?? "",
    patnum: member?.PatNum ?? "",
    practice: member?.practiceId ?? 0,
    addLocation: "callCenter",
    version: savingResult?.version,
  };
}

export const resultSaveMachine = setup({
  types: {
    input: {} as ResultSaveInput,
    context: {} as ResultSaveContext,
    events: {} as ResultSaveEvent,
    emitted: {} as ResultSaveEmitted,
  },
  actors: {
    saveResult: notProvided<SaveResultOutcome, SaveResultRequest>("saveResult"),
    followList,
  },
  actions: {
    /** The generic error handler (§8): an ended session logs out, anything else becomes the alert. */
    reportFailure: (_, _params: { failure: ApiFailure }) => {},
    /** The list keeps its page while a save is asked about or written, and reads it again after. */
    holdList: sendTo(({ context }) => context.list, { type: "members.list.hold" } satisfies ListEvent),
    releaseList: sendTo(({ context }) => context.list, { type: "members.list.release" } satisfies ListEvent),
    /** Conflicts are shown on their rows: those of members no longer on the page are dropped. */
    forgetConflictsGone: assign({
      conflicts: ({ context }, params: { members: Member[] }) => {
        const shown = new Set(params.members.map((member) => member.id));
        return Object.fromEntries(Object.entries(context.conflicts).filter(([id]) => shown.has(Number(id))));
      },
    }),
  },
  guards: {
    /** The rows are a page being read (or none yet): a save waits for the page, as its controls do. */
    pageNotShown: ({ context }) => !context.pageShown,
    claimedByOther: ({ context }, params: { memberId: number }) => claimOfOther(rowOf(context, params.memberId), context.userId, serverNow()) !== null,
    hasConflict: ({ context }, params: { memberId: number }) => params.memberId in context.conflicts,
  },
}).createMachine({
  id: "resultSave",
  context: ({ input }) => ({ ...input, members: [], pageShown: false, savingResult: null, confirming: null, conflicts: {}, asked: null }),
  invoke: { src: "followList", input: ({ context }) => ({ list: context.list }) },
  on: {
    "members.rows": { actions: assign({ members: ({ event }) => event.members, pageShown: ({ event }) => event.ready }) },
    "members.page.loaded": { actions: { type: "forgetConflictsGone", params: ({ event }) => ({ members: event.members }) } },
  },
  initial: "idle",
  states: {
    idle: {
      on: {
        "members.result.save": [
          { guard: "pageNotShown" },
          {
            guard: { type: "claimedByOther", params: ({ event }) => ({ memberId: event.member.id }) },
            target: "confirming",
            actions: [
              assign({ asked: ({ event }) => event.member }),
              assign({
                confirming: ({ context, event }) => {
                  const claim = claimOfOther(rowOf(context, event.member.id), context.userId, serverNow());
                  return { memberId: event.member.id, result: event.result, claimedBy: claim ? holderName(claim) : "" };
                },
              }),
              "holdList",
            ],
          },
          {
            target: "saving",
            actions: [
              assign({ asked: ({ event }) => event.member }),
              assign({
                savingResult: ({ context, event }) => ({ memberId: event.member.id, result: event.result, version: versionOf(context, event.member.id) }),
              }),
              "holdList",
            ],
          },
        ],
        "members.conflict.keepTheirs": [
          { guard: "pageNotShown" },
          {
            guard: { type: "hasConflict", params: ({ event }) => ({ memberId: event.memberId }) },
            actions: assign({ conflicts: ({ context, event }) => withoutConflict(context.conflicts, event.memberId) }),
          },
        ],
        /** Save mine: the agent's result again, on the version that refused it. */
        "members.conflict.saveMine": [
          { guard: "pageNotShown" },
          {
            guard: { type: "hasConflict", params: ({ event }) => ({ memberId: event.memberId }) },
            target: "saving",
            actions: [
              assign(({ context, event }) => {
                const { mine, current } = context.conflicts[event.memberId]!;
                return { savingResult: { memberId: event.memberId, result: mine, version: current.version }, conflicts: withoutConflict(context.conflicts, event.memberId) };
              }),
              "holdList",
            ],
          },
        ],
      },
    },
    // While a save is asked about or written the list holds its page: each way out releases it, after
    // whatever the list must do first.
    /** "Marcus Reed is calling this member. Save anyway?" */
    confirming: {
      on: {
        "members.save.confirm": {
          target: "saving",
          actions: assign(({ context }) => ({
            savingResult: { ...context.confirming!, version: versionOf(context, context.confirming!.memberId) },
            confirming: null,
          })),
        },
        "members.save.cancel": { target: "idle", actions: [assign({ confirming: null }), "releaseList"] },
        // The agent asked for another page or order meanwhile: the question goes with the page.
        "members.page.loading": { target: "idle", actions: [assign({ confirming: null }), "releaseList"] },
      },
    },
    saving: {
      invoke: {
        src: "saveResult",
        input: ({ context }) => saveRequest(context),
        onDone: {
          actions: raise(({ event }): ResultSaveEvent => ("conflict" in event.output ? { type: "save.refused", current: event.output.conflict } : { type: "save.landed" })),
        },
        onError: {
          target: "idle",
          actions: [assign({ savingResult: null }), { type: "reportFailure", params: ({ event }) => ({ failure: toFailure(event.error) }) }, "releaseList"],
        },
      },
      on: {
        "save.refused": {
          target: "idle",
          actions: [
            sendTo(({ context }) => context.list, ({ context, event }): ListEvent => ({ type: "members.result.current", memberId: context.savingResult!.memberId, current: event.current })),
            assign(({ context, event }) => ({
              conflicts: { ...context.conflicts, [context.savingResult!.memberId]: { mine: context.savingResult!.result, current: event.current } },
              savingResult: null,
            })),
            "releaseList",
          ],
        },
        /**
         * The saved result stays shown until the reloaded list has it. The list is told first: its
         * page's request then leaves before the page renders what the claims and the listeners
         * change (the unlocked selectors, the work mode's next row), not after.
         */
        "save.landed": {
          target: "reloading",
          actions: [
            sendTo(({ context }) => context.list, { type: "members.reload" } satisfies ListEvent),
            "releaseList",
            sendTo(({ context }) => context.claims, ({ context }): ClaimsEvent => ({ type: "members.claim.ended", memberId: context.savingResult!.memberId })),
            emit(({ context }): ResultSaveEmitted => ({ type: "members.result.saved", memberId: context.savingResult!.memberId, result: context.savingResult!.result })),
          ],
        },
      },
    },
    reloading: {
      on: {
        "members.page.loaded": {
          target: "idle",
          actions: [{ type: "forgetConflictsGone", params: ({ event }) => ({ members: event.members }) }, assign({ savingResult: null })],
        },
        "members.page.failed": { target: "idle", actions: assign({ savingResult: null }) },
      },
    },
  },
});
