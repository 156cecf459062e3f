// The agent's claim on the member they work (docs/architecture.md, Agents as a team): opening a
// row's result selector, its notes, or pressing its phone number starts working the member; a
// callback actor claims it, the machine renews it every 45 s, and focus leaving the row (not into
// one of the list's dialogs) releases it, as do working another member, the member leaving the page
// shown, and leaving the page (the callback's cleanup: exit actions do not run when an actor stops).
// A save of the member ends the claim on the server, so the holder is told not to release it. A
// member the work queue served is worked off the page: a page without it is not leaving it. The
// rows show claims: the list hears of each claim the call answers and of each own claim that ends.
// Effects are named here and provided by src/app.
import { assign, enqueueActions, fromCallback, raise, sendTo, setup } from "xstate";
import { notProvided } from "../../notProvided";
import { CLAIM_RENEW_MS } from "../../../lib/constants";
import type { Member } from "../members.filters";
import type { MemberClaim } from "../team";
import type { ListEvent } from "../list/list.types";
import { followList, type ListNews, type ListRef } from "../list/list.follow";

/** What the claim holder reports: the member's claim (the agent's own, or the colleague's who holds it). */
export type ClaimReport = { type: "members.claim.report"; claim: MemberClaim };
/** What the claims machine tells the claim holder: renew now, or the server has ended the claim (a save). */
export type ClaimCommand = { type: "claim.renew" } | { type: "claim.ended" };

export interface ClaimsInput {
  list: ListRef;
}

export interface ClaimsContext extends ClaimsInput {
  /** The member the agent is working (claimed for them), or null. */
  working: number | null;
  /** One of the list's dialogs is open: focus moving into it is not leaving the member. */
  dialogOpen: boolean;
  /** The member the work queue served (shown above the list, not on its page), or null. */
  served: number | null;
}

export type ClaimsEvent =
  /** The agent started working a member: opened its result selector or its notes. */
  | { type: "members.work.start"; member: Member }
  /** The work queue served the agent a member (already claimed for them by the server). */
  | { type: "members.work.serve"; member: Member }
  /** The agent started a call from the member's phone link: recorded, and the member is worked. */
  | { type: "members.call.start"; member: Member }
  /** The agent's focus left the member's row. */
  | { type: "members.work.leave"; memberId: number }
  /** A save of the member (its result or a note) has ended its claim on the server. */
  | { type: "members.claim.ended"; memberId: number }
  | { type: "members.dialog.opened" }
  | { type: "members.dialog.closed" }
  | ClaimReport
  | ListNews;

export const claimsMachine = setup({
  types: {
    input: {} as ClaimsInput,
    context: {} as ClaimsContext,
    events: {} as ClaimsEvent,
  },
  actors: {
    /**
     * Claims the member when started and on each `claim.renew`, reports the claim, and releases it
     * when stopped unless the server has ended it (`claim.ended`) or a colleague holds it.
     */
    holdClaim: fromCallback<ClaimCommand, { memberId: number }>(() => {
      throw new Error("holdClaim is not provided");
    }),
    /** Records a call start (POST /Members/calls); nothing waits for it. */
    recordCallStart: notProvided<void, { memberId: number }>("recordCallStart"),
    followList,
  },
  actions: {
    /** The agent moves on from the member they worked: their claim goes from the row (the holder releases it). */
    moveOn: enqueueActions(({ context, enqueue }, params: { to: number | null }) => {
      if (context.working !== null) enqueue.sendTo(context.list, { type: "members.claim.drop", memberId: context.working } satisfies ListEvent);
      enqueue.assign({ working: params.to, served: params.to === context.served ? context.served : null });
    }),
  },
  guards: {
    isWorking: ({ context }, params: { memberId: number }) => context.working === params.memberId,
    /** Focus left the member worked, and not into one of the list's dialogs. */
    leavesWorked: ({ context }, params: { memberId: number }) => context.working === params.memberId && !context.dialogOpen,
  },
  delays: {
    claimRenew: CLAIM_RENEW_MS,
  },
}).createMachine({
  id: "claims",
  context: ({ input }) => ({ ...input, working: null, dialogOpen: false, served: null }),
  invoke: { src: "followList", input: ({ context }) => ({ list: context.list }) },
  on: {
    "members.call.start": {
      actions: enqueueActions(({ event, enqueue }) => {
        enqueue.spawnChild("recordCallStart", { input: { memberId: event.member.id } });
        enqueue.raise({ type: "members.work.start", member: event.member });
      }),
    },
    "members.claim.report": { actions: sendTo(({ context }) => context.list, ({ event }): ListEvent => event) },
    "members.work.serve": {
      actions: [assign({ served: ({ event }) => event.member.id }), raise(({ event }): ClaimsEvent => ({ type: "members.work.start", member: event.member }))],
    },
    "members.dialog.opened": { actions: assign({ dialogOpen: true }) },
    "members.dialog.closed": { actions: assign({ dialogOpen: false }) },
    // The member the agent worked is no longer on the page (another page, filter or sort): they moved on.
    "members.page.loaded": {
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (context.working !== null && context.working !== context.served && !event.members.some((member) => member.id === context.working)) {
          enqueue.raise({ type: "members.work.leave", memberId: context.working });
        }
      }),
    },
  },
  initial: "idle",
  states: {
    idle: {
      on: { "members.work.start": { target: "holding", actions: assign({ working: ({ event }) => event.member.id }) } },
    },
    holding: {
      invoke: { id: "claim", src: "holdClaim", input: ({ context }) => ({ memberId: context.working! }) },
      // A save of the member ended the claim.
      always: { guard: ({ context }) => context.working === null, target: "idle" },
      initial: "held",
      states: {
        held: {
          after: { claimRenew: { target: "held", reenter: true, actions: sendTo("claim", { type: "claim.renew" } satisfies ClaimCommand) } },
        },
      },
      on: {
        "members.work.start": {
          guard: ({ context, event }) => context.working !== event.member.id,
          target: "holding",
          reenter: true,
          actions: { type: "moveOn", params: ({ event }) => ({ to: event.member.id }) },
        },
        "members.work.leave": {
          guard: { type: "leavesWorked", params: ({ event }) => ({ memberId: event.memberId }) },
          target: "idle",
          actions: { type: "moveOn", params: { to: null } },
        },
        "members.claim.ended": {
          guard: { type: "isWorking", params: ({ event }) => ({ memberId: event.memberId }) },
          actions: [sendTo("claim", { type: "claim.ended" } satisfies ClaimCommand), { type: "moveOn", params: { to: null } }],
        },
      },
    },
  },
});
