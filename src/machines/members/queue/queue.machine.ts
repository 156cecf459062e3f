// The work queue in the browser (docs/architecture.md, The work queue): "Next member" asks the
// server for the member most worth calling under the list's filters and search, already claimed
// for the agent; the member is shown above the list ("Now calling") with why it was chosen, and
// the claims part holds the claim from there as it does for a row. Pressing its phone link is the
// call; its saved result ends the turn, and Next serves the one after. With nobody to call the
// answer's counts say why. Working another member (a row's selector, notes or phone link) moves on
// from the one served, as it does from a row. Next while a served member is held (claimed, or
// called) asks whether to let it go first, rather than moving on from a member the agent may be
// talking to. Administrators reset a member's attempts, confirmed first. The list's
// filters are read when Next is pressed, never copied. Effects are named here and provided by src/app.
import { assign, enqueueActions, fromCallback, sendTo, setup, type ActorRefFrom, type EventObject } from "xstate";
import { notProvided } from "../../notProvided";
import { type ApiFailure, toFailure } from "../../../api/errors";
import type { components } from "../../../../contract/schema";
import type { Member } from "../members.filters";
import type { ListRef } from "../list/list.follow";
import { selectQueueQuery } from "../list/list.selectors";
import type { ClaimsEvent, claimsMachine } from "../claims/claims.machine";
import type { resultSaveMachine } from "../save/resultSave.machine";

type Schemas = components["schemas"];
export type NextMemberAnswer = Schemas["NextMember"];
export type WhyThisMember = Schemas["WhyThisMember"];
export type QueueCounts = Schemas["QueueCounts"];
export type ServedCampaign = Schemas["ServedCampaign"];
/** The list's filters and search as the queue's calls take them (the export's query without its campaign). */
export type QueueQuery = ReturnType<typeof selectQueueQuery>;

export interface QueueInput {
  list: ListRef;
  claims: ActorRefFrom<typeof claimsMachine>;
  save: ActorRefFrom<typeof resultSaveMachine>;
  /** Administrators may reset a member's attempts; staff never see the control. */
  isAdmin: boolean;
}

export interface QueueContext extends QueueInput {
  /** The member served, why, and the campaign it was served for; kept after its result is saved, until the next. */
  served: { member: Member; why: WhyThisMember; campaign: ServedCampaign | null } | null;
  /** Nobody to call under these filters: the counts by reason, and when that changes. */
  empty: QueueCounts | null;
  failure: ApiFailure | null;
  /** The member whose attempts the agent asked to reset, while it is confirmed and written. */
  resetting: { memberId: number; name: string } | null;
  /** Grows with each member served: the screen puts the focus on its phone link. */
  servedSeq: number;
  /** The member the agent let go for the next one, held until the next is served. */
  letGo: number | null;
}

export type QueueEvent =
  | { type: "queue.next" }
  /** The agent lets the served member go and asks for the next (after Next asked whether to). */
  | { type: "queue.release.confirm" }
  /** The agent keeps the served member (Next asked whether to let it go). */
  | { type: "queue.release.cancel" }
  /** The agent pressed the served member's phone link. */
  | { type: "queue.call.start" }
  /** The agent puts the served member (or the empty queue's explanation) away. */
  | { type: "queue.dismiss" }
  | { type: "queue.reset.ask"; memberId: number; name: string }
  | { type: "queue.reset.confirm" }
  | { type: "queue.reset.cancel" }
  /** The result save saved a result of this member (its `members.result.saved`). */
  | { type: "queue.saved"; memberId: number }
  /** The member the claims part works now (null: none). */
  | { type: "queue.working"; memberId: number | null };

const isServed = (context: QueueContext, memberId: number) => context.served?.member.id === memberId;

/**
 * While a served member is held (claimed, or called): Next asks whether to let it go first; letting
 * it go asks for the next while its claim still holds it (so the queue never serves it straight
 * back, as it would the agent's own due callback), and the claims part lets it go once the next is
 * served, or at once when nobody is; keeping it changes nothing.
 */
const holdingServed = {
  initial: "holding",
  states: {
    holding: { on: { "queue.next": "askingRelease" } },
    askingRelease: {
      on: {
        "queue.next": {},
        "queue.release.confirm": { target: "#queue.turn.picking", actions: "letServedGo" },
        "queue.release.cancel": "holding",
      },
    },
  },
  on: {},
} as const;

export const queueMachine = setup({
  types: {
    input: {} as QueueInput,
    context: {} as QueueContext,
    events: {} as QueueEvent,
  },
  actors: {
    /** POST /queue/next under the list's filters and search. */
    nextMember: notProvided<NextMemberAnswer, QueueQuery>("nextMember"),
    /** POST /queue/attempts/reset: the member's attempts now. */
    resetAttempts: notProvided<Schemas["QueueAttempts"], { memberId: number }>("resetAttempts"),
    /** Tells the queue of each result the save part saves. */
    followSaves: fromCallback<EventObject, { save: QueueInput["save"] }>(({ input: { save }, sendBack }) => {
      const saved = save.on("members.result.saved", ({ memberId }) => sendBack({ type: "queue.saved", memberId } satisfies QueueEvent));
      return () => saved.unsubscribe();
    }),
    /** Tells the queue which member the claims part works, as it changes. */
    followClaims: fromCallback<EventObject, { claims: QueueInput["claims"] }>(({ input: { claims }, sendBack }) => {
      let last = claims.getSnapshot().context.working;
      const changed = claims.subscribe(({ context: { working } }) => {
        if (working === last) return;
        last = working;
        sendBack({ type: "queue.working", memberId: working } satisfies QueueEvent);
      });
      return () => changed.unsubscribe();
    }),
  },
  actions: {
    /** The generic error handler (§8): an ended session logs out, anything else becomes the alert. */
    reportFailure: (_, _params: { failure: ApiFailure }) => {},
    letServedGo: assign(({ context }) => ({ letGo: context.served?.member.id ?? null, served: null })),
    /** Nobody else was served: the member let go is released now. */
    leaveLetGo: enqueueActions(({ context, enqueue }) => {
      if (context.letGo !== null) enqueue.sendTo(context.claims, { type: "members.work.leave", memberId: context.letGo } satisfies ClaimsEvent);
      enqueue.assign({ letGo: null });
    }),
    /** The agent moves on from the served member: the claims part lets it go. */
    leaveServed: sendTo(
      ({ context }) => context.claims,
      ({ context }): ClaimsEvent => ({ type: "members.work.leave", memberId: context.served?.member.id ?? 0 }),
    ),
  },
  guards: {
    savedServed: ({ context, event }) => event.type === "queue.saved" && isServed(context, event.memberId),
    /** The agent works another member now: they moved on from the one served. */
    workingAnother: ({ context, event }) => event.type === "queue.working" && event.memberId !== null && !isServed(context, event.memberId),
    isAdmin: ({ context }) => context.isAdmin,
  },
}).createMachine({
  id: "queue",
  context: ({ input }) => ({ ...input, served: null, empty: null, failure: null, resetting: null, servedSeq: 0, letGo: null }),
  invoke: [
    { src: "followSaves", input: ({ context }) => ({ save: context.save }) },
    { src: "followClaims", input: ({ context }) => ({ claims: context.claims }) },
  ],
  type: "parallel",
  states: {
    turn: {
      initial: "idle",
      on: { "queue.next": ".picking" },
      states: {
        idle: {},
        picking: {
          entry: assign({ failure: null }),
          on: { "queue.next": {} },
          invoke: {
            src: "nextMember",
            input: ({ context }) => selectQueueQuery(context.list.getSnapshot()),
            onDone: [
              {
                guard: ({ event }) => event.output.member !== null && event.output.why !== null,
                target: "claimed",
                actions: [
                  assign(({ context, event }) => ({
                    served: { member: event.output.member!, why: event.output.why!, campaign: event.output.campaign },
                    empty: null,
                    servedSeq: context.servedSeq + 1,
                    // Working the member served moves the claims part on from the one let go.
                    letGo: null,
                  })),
                  sendTo(({ context }) => context.claims, ({ context }): ClaimsEvent => ({ type: "members.work.serve", member: context.served!.member })),
                ],
              },
              { target: "empty", actions: ["leaveLetGo", assign({ served: null, empty: ({ event }) => event.output.queue })] },
            ],
            onError: {
              target: "failed",
              actions: [
                "leaveLetGo",
                assign({ failure: ({ event }) => toFailure(event.error, "The next member could not be found.") }),
                { type: "reportFailure", params: ({ event }) => ({ failure: toFailure(event.error) }) },
              ],
            },
          },
        },
        /** Served and claimed for the agent; its phone link is ready. */
        claimed: {
          ...holdingServed,
          on: {
            ...holdingServed.on,
            "queue.call.start": {
              target: "calling",
              actions: sendTo(({ context }) => context.claims, ({ context }): ClaimsEvent => ({ type: "members.call.start", member: context.served!.member })),
            },
            "queue.saved": { guard: "savedServed", target: "resultSaved" },
            "queue.working": { guard: "workingAnother", target: "idle", actions: assign({ served: null }) },
            "queue.dismiss": { target: "idle", actions: ["leaveServed", assign({ served: null })] },
          },
        },
        calling: {
          ...holdingServed,
          on: {
            ...holdingServed.on,
            "queue.saved": { guard: "savedServed", target: "resultSaved" },
            "queue.working": { guard: "workingAnother", target: "idle", actions: assign({ served: null }) },
            "queue.dismiss": { target: "idle", actions: ["leaveServed", assign({ served: null })] },
          },
        },
        /** The served member's result is saved (its claim ended with it): Next serves the one after. */
        resultSaved: {
          on: { "queue.dismiss": { target: "idle", actions: assign({ served: null }) } },
        },
        empty: {
          on: { "queue.dismiss": { target: "idle", actions: assign({ empty: null }) } },
        },
        failed: {
          on: { "queue.dismiss": "idle" },
        },
      },
    },
    /** An administrator's reset of a member's attempts: asked, confirmed, written. */
    reset: {
      initial: "idle",
      states: {
        idle: {
          on: {
            "queue.reset.ask": {
              guard: "isAdmin",
              target: "confirming",
              actions: assign({ resetting: ({ event }) => ({ memberId: event.memberId, name: event.name }) }),
            },
          },
        },
        confirming: {
          on: {
            "queue.reset.confirm": "resetting",
            "queue.reset.cancel": { target: "idle", actions: assign({ resetting: null }) },
          },
        },
        resetting: {
          invoke: {
            src: "resetAttempts",
            input: ({ context }) => ({ memberId: context.resetting!.memberId }),
            onDone: {
              target: "idle",
              actions: assign(({ context, event }) => ({
                resetting: null,
                served:
                  context.served && isServed(context, context.resetting!.memberId)
                    ? {
                        ...context.served,
                        member: { ...context.served.member, attempts: event.output.attempts },
                        why: { ...context.served.why, attempts: event.output.attempts },
                      }
                    : context.served,
              })),
            },
            onError: {
              target: "idle",
              actions: [assign({ resetting: null }), { type: "reportFailure", params: ({ event }) => ({ failure: toFailure(event.error) }) }],
            },
          },
        },
      },
    },
  },
});
