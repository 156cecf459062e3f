// The members list's dialogs (§2 Members list): a member's notes, a member's results history, and
// the crons history, each a child machine while it is open. Opening a member's notes starts working
// the member (the claims), and while any of them is open, focus moving into it is not leaving the
// member. The notes dialog learns whether someone else is calling its member as the list's rows
// change; a note saved ends the agent's claim on the member and reloads the list (§4 "Submitting a
// note saves it and reloads the list"). The dialogs' calls are provided by src/app.
import { assign, enqueueActions, sendTo, setup, type ActorRefFrom } from "xstate";
import { serverNow } from "../../../api/serverClock";
import type { Member } from "../members.filters";
import { memberKey } from "../members.query";
import { claimOfOther, holderName } from "../team";
import type { ListEvent } from "../list/list.types";
import { followList, type ListNews, type ListRef } from "../list/list.follow";
import type { ClaimsEvent, claimsMachine } from "../claims/claims.machine";
import { cronsMachine } from "./crons.machine";
import { listDialogMachine } from "./listDialog.machine";
import { notesMachine, type NotesEvent } from "./notes.machine";

export interface DialogsInput {
  list: ListRef;
  claims: ActorRefFrom<typeof claimsMachine>;
  /** The signed-in agent: their own claim is no one else calling. */
  userId: number;
  /** An administrator may run a job now from the Crons dialog. */
  isAdmin?: boolean;
}

export interface DialogsContext extends DialogsInput {
  /** The list's rows (list.follow.ts): who is calling the member of the notes dialog. */
  members: Member[];
  /** The member whose notes or results history is open. */
  dialogMember: Member | null;
}

export type DialogsEvent =
  | { type: "members.notes.open"; member: Member }
  | { type: "members.history.open"; member: Member }
  | { type: "members.crons.open" }
  | { type: "members.dialog.close" }
  | ListNews;

/** Someone else calling the member now ("Marcus Reed"), or null. */
const claimedBy = ({ members, userId }: DialogsContext, memberId: number) => {
  const claim = claimOfOther(members.find((entry) => entry.id === memberId), userId, serverNow());
  return claim && holderName(claim);
};

export const membersDialogsMachine = setup({
  types: {
    input: {} as DialogsInput,
    context: {} as DialogsContext,
    events: {} as DialogsEvent,
  },
  actors: {
    notesDialog: notesMachine,
    historyDialog: listDialogMachine,
    cronsDialog: cronsMachine,
    followList,
  },
  actions: {
    tellClaims: sendTo(({ context }) => context.claims, (_, event: ClaimsEvent) => event),
    /** The notes dialog learns whether someone else is calling its member. */
    tellNotesTheClaim: enqueueActions(({ context, enqueue, self }) => {
      if (!context.dialogMember || !self.getSnapshot().children.notes) return;
      enqueue.sendTo("notes", { type: "notes.claim.change", claimedBy: claimedBy(context, context.dialogMember.id) } satisfies NotesEvent);
    }),
  },
}).createMachine({
  id: "membersDialogs",
  context: ({ input }) => ({ ...input, members: [], dialogMember: null }),
  invoke: { src: "followList", input: ({ context }) => ({ list: context.list }) },
  on: {
    "members.rows": { actions: [assign({ members: ({ event }) => event.members }), "tellNotesTheClaim"] },
  },
  initial: "closed",
  states: {
    closed: {
      on: {
        "members.notes.open": {
          target: "open.notes",
          actions: [
            assign({ dialogMember: ({ event }) => event.member }),
            { type: "tellClaims", params: ({ event }) => ({ type: "members.work.start", member: event.member }) },
          ],
        },
        "members.history.open": { target: "open.history", actions: assign({ dialogMember: ({ event }) => event.member }) },
        "members.crons.open": "open.crons",
      },
    },
    open: {
      entry: { type: "tellClaims", params: { type: "members.dialog.opened" } },
      exit: { type: "tellClaims", params: { type: "members.dialog.closed" } },
      on: { "members.dialog.close": "closed" },
      initial: "notes",
      states: {
        notes: {
          invoke: {
            id: "notes",
            src: "notesDialog",
            input: ({ context }) => {
              const member = context.dialogMember!;
              return { member: memberKey(member), version: member.version, claimedBy: claimedBy(context, member.id) };
            },
            onDone: {
              target: "#membersDialogs.closed",
              actions: [
                { type: "tellClaims", params: ({ context }) => ({ type: "members.claim.ended", memberId: context.dialogMember!.id }) },
                sendTo(({ context }) => context.list, { type: "members.reload" } satisfies ListEvent),
              ],
            },
          },
        },
        history: {
          invoke: { id: "history", src: "historyDialog", input: ({ context }) => ({ query: memberKey(context.dialogMember!) }) },
        },
        crons: {
          invoke: { id: "crons", src: "cronsDialog", input: ({ context }) => ({ isAdmin: context.isAdmin ?? false }) },
        },
      },
    },
  },
});
