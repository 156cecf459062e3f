// The callback picker (docs/architecture.md, The work queue: callbacks in the browser): after the
// result "Contact Made Call Back" is saved (and the list reloaded, §4), or from any member's row
// ("Book callback"), it offers a date and a time in the member's local time, the presets "In 2
// hours", "Tomorrow 9:00" and "Next Monday 9:00", and an optional note. "Skip" books nothing. A
// 400 shows the server's messages by field; a 409 (the callback was booked or moved meanwhile)
// shows the one open now, and booking again moves that one. A booking that landed says so, then
// the picker closes. Effects are named here and provided by src/app.
import { assign, setup, type ActorRefFrom } from "xstate";
import type { components } from "../../../../contract/schema";
import { serverNow } from "../../../api/serverClock";
import { failureOf } from "../../adminFailure";
import { notProvided } from "../../notProvided";
import { CALLBACK_BOOKED_NOTICE_MS } from "../../../lib/constants";
import { choiceAt, dueAtOf, presetChoice, type CallbackPreset, type LocalChoice } from "../callbackTime";

type Schemas = components["schemas"];
export type Callback = Schemas["Callback"];
export type BookCallbackRequest = Schemas["BookCallbackRequest"];
/** The callback as booked, or the member's open callback now when another booking landed first (409). */
export type BookingOutcome = { booked: Callback } | { conflict: Callback | null };

/** The result whose save offers the picker (§4 result option list). */
export const CALL_BACK_RESULT = "Contact Made Call Back";

/** The member a callback is picked for: who, their zone, and the open callback the agent sees. */
export interface PickerMember {
  id: number;
  name: string;
  timeZone: string;
  callback: Callback | null;
}

export interface PickerContext extends LocalChoice {
  member: PickerMember | null;
  note: string;
  /** The server's problems by field (a 400), and anything else that went wrong. */
  fieldErrors: Record<string, string>;
  failure: string | null;
  /** The open callback the agent saw (0: none): a booking that missed a newer one gets a 409. */
  seenVersion: number;
  /** Another booking landed first: the open callback now (null when it has gone since). */
  conflict: { current: Callback | null } | null;
  booked: Callback | null;
}

export type PickerEvent =
  | { type: "callback.picker.open"; member: PickerMember }
  | { type: "callback.preset"; preset: CallbackPreset }
  | { type: "callback.date.change"; date: string }
  | { type: "callback.time.change"; time: string }
  | { type: "callback.note.change"; note: string }
  | { type: "callback.book" }
  | { type: "callback.skip" };

const EMPTY: Omit<PickerContext, "member"> = { date: "", time: "", note: "", fieldErrors: {}, failure: null, seenVersion: 0, conflict: null, booked: null };

/** The fields the picker shows; a problem the server names otherwise is shown as a whole. */
const FIELDS = ["dueAt", "note", "memberId", "owner"];
const fieldOf = (field: string) => FIELDS.find((name) => field === name || field.endsWith(`/${name}`) || field.endsWith(`.${name}`)) ?? "form";

function requestOf(context: PickerContext): BookCallbackRequest {
  const note = context.note.trim();
  return { memberId: context.member!.id, dueAt: dueAtOf(context, context.member!.timeZone)!, seenVersion: context.seenVersion, ...(note ? { note } : {}) };
}

export const callbackPickerMachine = setup({
  types: {
    context: {} as PickerContext,
    events: {} as PickerEvent,
  },
  actors: {
    bookCallback: notProvided<BookingOutcome, BookCallbackRequest>("bookCallback"),
  },
  guards: {
    hasDueTime: ({ context }) => context.member !== null && dueAtOf(context, context.member.timeZone) !== null,
  },
  delays: {
    bookedNotice: CALLBACK_BOOKED_NOTICE_MS,
  },
}).createMachine({
  id: "callbackPicker",
  context: { member: null, ...EMPTY },
  initial: "closed",
  on: {
    "callback.picker.open": {
      target: ".editing",
      actions: assign(({ event: { member } }) => ({
        ...EMPTY,
        member,
        ...(member.callback ? choiceAt(Date.parse(member.callback.dueAt), member.timeZone) : {}),
        note: member.callback?.note ?? "",
        seenVersion: member.callback?.version ?? 0,
      })),
    },
  },
  states: {
    closed: {},
    editing: {
      on: {
        "callback.preset": {
          actions: assign(({ context, event }) => ({ ...presetChoice(event.preset, serverNow().getTime(), context.member!.timeZone), fieldErrors: {} })),
        },
        "callback.date.change": { actions: assign({ date: ({ event }) => event.date, fieldErrors: {} }) },
        "callback.time.change": { actions: assign({ time: ({ event }) => event.time, fieldErrors: {} }) },
        "callback.note.change": { actions: assign({ note: ({ event }) => event.note }) },
        "callback.book": [
          { guard: "hasDueTime", target: "booking" },
          { actions: assign({ fieldErrors: { dueAt: "Choose a date and a time, or a preset." } }) },
        ],
        "callback.skip": "closed",
      },
    },
    booking: {
      entry: assign({ fieldErrors: {}, failure: null }),
      invoke: {
        src: "bookCallback",
        input: ({ context }) => requestOf(context),
        onDone: [
          {
            guard: ({ event }) => "conflict" in event.output,
            target: "editing",
            actions: assign(({ event }) => {
              const current = "conflict" in event.output ? event.output.conflict : null;
              return { conflict: { current }, seenVersion: current?.version ?? 0 };
            }),
          },
          { target: "booked", actions: assign({ booked: ({ event }) => ("booked" in event.output ? event.output.booked : null), conflict: null }) },
        ],
        onError: {
          target: "editing",
          actions: assign(({ event }) => {
            const failure = failureOf(event.error);
            if (failure.statusCode !== 400 || failure.fields.length === 0) return { failure: failure.message };
            const entries = failure.fields.map((field, index) => [fieldOf(field), failure.problems[index] ?? failure.message] as const);
            return { fieldErrors: Object.fromEntries(entries) };
          }),
        },
      },
    },
    /** "Callback booked for …", until the notice has been read. */
    booked: {
      after: { bookedNotice: "closed" },
      on: { "callback.skip": "closed" },
    },
  },
});

export type CallbackPickerActor = ActorRefFrom<typeof callbackPickerMachine>;
