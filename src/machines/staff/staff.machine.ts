// The Staff screen (administrators): every staff account with its administrator flag, default
// practices and last sign-in; adding and changing an account in a form, and ending or giving back
// an account's access (disabling asks first: it signs the person out everywhere at once). The
// server's refusals (an e-mail taken, the last administrator) come back as the form's or the list's
// failure. Effects are named here and provided by src/app.
import { assign, setup, type ActorRefFrom } from "xstate";
import type { components } from "../../../contract/schema";
import { looksLikeEmail } from "../../../domain/staff/staffRules.ts";
import { failureOf, type Failure } from "../adminFailure";
import { notProvided } from "../notProvided";

type Schemas = components["schemas"];
export type StaffMember = Schemas["StaffMember"];
export type Practice = Schemas["Practice"];
export type StaffInput = Schemas["StaffInput"];

/** The account being added (id null) or changed, as the form holds it. */
export interface StaffDraft {
  id: number | null;
  email: string;
  firstname: string;
  lastname: string;
  isAdmin: boolean;
  practiceIds: number[];
}

export type DraftField = "email" | "firstname" | "lastname";

export interface StaffContext {
  /** The signed-in administrator (the list marks them). */
  selfId: number;
  staff: StaffMember[];
  practices: Practice[];
  draft: StaffDraft | null;
  /** The account whose access is being ended or given back. */
  targetId: number | null;
  failure: Failure | null;
  /** What the last change did, in words. */
  notice: string | null;
}

export type StaffEvent =
  | { type: "staff.add" }
  | { type: "staff.edit"; id: number }
  | { type: "staff.draft.change"; field: DraftField; value: string }
  | { type: "staff.draft.admin"; isAdmin: boolean }
  | { type: "staff.draft.practice.toggle"; id: number }
  | { type: "staff.save" }
  | { type: "staff.cancel" }
  | { type: "staff.disable"; id: number }
  | { type: "staff.enable"; id: number }
  | { type: "staff.confirm" }
  | { type: "staff.retry" };

const EMPTY_DRAFT: StaffDraft = { id: null, email: "", firstname: "", lastname: "", isAdmin: false, practiceIds: [] };

const draftOf = (member: StaffMember): StaffDraft => ({
  id: member.id,
  email: member.email,
  firstname: member.firstname,
  lastname: member.lastname,
  isAdmin: member.isAdmin,
  practiceIds: member.defaultLocationId === "" ? [] : member.defaultLocationId.split(";").map(Number),
});

/** The draft as the contract takes it: default practices in the list's order, joined by ';'. */
export function inputOf(draft: StaffDraft, practices: readonly Practice[]): StaffInput {
  const chosen = new Set(draft.practiceIds);
  return {
    email: draft.email.trim(),
    firstname: draft.firstname.trim(),
    lastname: draft.lastname.trim(),
    isAdmin: draft.isAdmin,
    defaultLocationId: practices.filter((practice) => chosen.has(practice.id)).map((practice) => practice.id).join(";"),
  };
}

const nameOf = (member: Pick<StaffMember, "firstname" | "lastname">) => `${member.firstname} ${member.lastname}`;
const replaced = (staff: StaffMember[], member: StaffMember) =>
  staff.some((row) => row.id === member.id) ? staff.map((row) => (row.id === member.id ? member : row)) : [...staff, member];

export const staffMachine = setup({
  types: {
    input: {} as { selfId: number },
    context: {} as StaffContext,
    events: {} as StaffEvent,
  },
  actors: {
    /** GET /staff and GET /practice/list. */
    load: notProvided<{ staff: StaffMember[]; practices: Practice[] }>("load"),
    /** POST /staff (id null) or PUT /staff/{id}. */
    saveStaff: notProvided<StaffMember, { id: number | null; body: StaffInput }>("saveStaff"),
    /** POST /staff/{id}/disable or /enable. */
    setDisabled: notProvided<StaffMember, { id: number; disabled: boolean }>("setDisabled"),
  },
  actions: {
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    rememberMember: assign(({ context }, params: { member: StaffMember; notice: string }) => ({
      staff: replaced(context.staff, params.member),
      notice: params.notice,
      draft: null,
      targetId: null,
      failure: null,
    })),
  },
  guards: {
    draftComplete: ({ context }) =>
      context.draft !== null && looksLikeEmail(context.draft.email) && context.draft.firstname.trim() !== "" && context.draft.lastname.trim() !== "",
  },
}).createMachine({
  id: "staff",
  context: ({ input }) => ({ selfId: input.selfId, staff: [], practices: [], draft: null, targetId: null, failure: null, notice: null }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "load",
        onDone: { target: "ready", actions: assign(({ event }) => ({ staff: event.output.staff, practices: event.output.practices })) },
        onError: { target: "loadFailed", actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { "staff.retry": { target: "loading", actions: assign({ failure: null }) } } },
    ready: {
      initial: "browsing",
      states: {
        browsing: {
          on: {
            "staff.add": { target: "editing", actions: assign({ draft: EMPTY_DRAFT, failure: null, notice: null }) },
            "staff.edit": {
              target: "editing",
              actions: assign(({ context, event }) => {
                const member = context.staff.find((row) => row.id === event.id);
                return { draft: member ? draftOf(member) : null, failure: null, notice: null };
              }),
            },
            "staff.disable": { target: "confirmingDisable", actions: assign(({ event }) => ({ targetId: event.id, failure: null, notice: null })) },
            "staff.enable": { target: "enabling", actions: assign(({ event }) => ({ targetId: event.id, failure: null, notice: null })) },
          },
        },
        editing: {
          on: {
            "staff.draft.change": { actions: assign({ draft: ({ context, event }) => context.draft && { ...context.draft, [event.field]: event.value } }) },
            "staff.draft.admin": { actions: assign({ draft: ({ context, event }) => context.draft && { ...context.draft, isAdmin: event.isAdmin } }) },
            "staff.draft.practice.toggle": {
              actions: assign({
                draft: ({ context, event }) => {
                  if (!context.draft) return null;
                  const chosen = context.draft.practiceIds.includes(event.id);
                  return { ...context.draft, practiceIds: chosen ? context.draft.practiceIds.filter((id) => id !== event.id) : [...context.draft.practiceIds, event.id] };
                },
              }),
            },
            "staff.save": { guard: "draftComplete", target: "saving" },
            "staff.cancel": { target: "browsing", actions: assign({ draft: null, failure: null }) },
          },
        },
        saving: {
          invoke: {
            src: "saveStaff",
            input: ({ context }) => ({ id: context.draft!.id, body: inputOf(context.draft!, context.practices) }),
            onDone: {
              target: "browsing",
              actions: {
                type: "rememberMember",
                params: ({ context, event }) => ({
                  member: event.output,
                  notice:
                    context.draft?.id === null
                      ? `${nameOf(event.output)} was added: they sign in with the account of ${event.output.email}.`
                      : `${nameOf(event.output)} was saved.`,
                }),
              },
            },
            onError: { target: "editing", actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) } },
          },
        },
        confirmingDisable: {
          on: {
            "staff.confirm": "disabling",
            "staff.cancel": { target: "browsing", actions: assign({ targetId: null }) },
          },
        },
        disabling: {
          invoke: {
            src: "setDisabled",
            input: ({ context }) => ({ id: context.targetId!, disabled: true }),
            onDone: {
              target: "browsing",
              actions: {
                type: "rememberMember",
                params: ({ event }) => ({ member: event.output, notice: `${nameOf(event.output)} can no longer sign in: every session of theirs has ended.` }),
              },
            },
            onError: { target: "browsing", actions: [{ type: "rememberFailure", params: ({ event }) => ({ error: event.error }) }, assign({ targetId: null })] },
          },
        },
        enabling: {
          invoke: {
            src: "setDisabled",
            input: ({ context }) => ({ id: context.targetId!, disabled: false }),
            onDone: {
              target: "browsing",
              actions: { type: "rememberMember", params: ({ event }) => ({ member: event.output, notice: `${nameOf(event.output)} can sign in again.` }) },
            },
            onError: { target: "browsing", actions: [{ type: "rememberFailure", params: ({ event }) => ({ error: event.error }) }, assign({ targetId: null })] },
          },
        },
      },
    },
  },
});

/** The running machine a screen renders (src/app creates it). */
export type StaffActor = ActorRefFrom<typeof staffMachine>;
