// The FEEDBACK dialog of the top bar (specification §2 Layout; §3 Feedback payload; §5 "Feedback
// submit needs both subject and message", "The feedback attachment is read as a data URL from the
// first chosen file"; §8; §9 feedback date format). Effects are named here, provided by src/app.
import dayjs from "dayjs";
import { assign, setup, type ActorRefFrom } from "xstate";
import { notProvided } from "../notProvided";
import { type ApiFailure, toFailure } from "../../api/errors";
import type { components } from "../../../contract/schema";
import { FEEDBACK_DATE_FORMAT, MAX_DEFAULT_PRACTICES } from "../../lib/constants";

type Schemas = components["schemas"];
export type FeedbackPayload = Schemas["FeedbackPayload"];
type Practice = Schemas["Practice"];

/** §5/§8: the alert of a submit without subject or message. */
export const MISSING_FIELDS_MESSAGE = "Please enter subject and message";
/** openapi.yaml FeedbackPayload: field lengths and the attachment bound (7 MiB of file). */
export const SUBJECT_MAX_LENGTH = 200;
export const MESSAGE_MAX_LENGTH = 5000;
const PRACTICE_MAX_LENGTH = 200;
export const MAX_ATTACHMENT_BYTES = 7 * 1024 * 1024;
/** openapi.yaml FeedbackPayload.file: the data URLs the server accepts. */
const ATTACHABLE_DATA_URL =
  /^data:[A-Za-z0-9.+-]+\/[A-Za-z0-9.+-]+(;[A-Za-z0-9.+-]+=[A-Za-z0-9.+-]+)*;base64,[A-Za-z0-9+/]*={0,2}$/;

/** The signed-in user, who is the sender. */
export interface FeedbackSender {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  /** The user's default practices: semicolon-separated ids. */
  defaultLocationId: string;
}

export interface ChosenFile {
  name: string;
  size: number;
}

export interface FeedbackContext {
  sender: FeedbackSender;
  /** The sender's default practices as the client shows them ('' until known, or when none). */
  practice: string;
  subject: string;
  message: string;
  /** The accepted attachment (being read while `dataUrl` is null). */
  file: ChosenFile | null;
  dataUrl: string | null;
  /** Why the form cannot go yet: missing fields, or a refused file. */
  problem: string | null;
  /** The server's answer to the last failed send. */
  failure: ApiFailure | null;
}

export type FeedbackEvent =
  | { type: "feedback.subject.change"; value: string }
  | { type: "feedback.message.change"; value: string }
  | { type: "feedback.file.choose"; file: File }
  | { type: "feedback.file.remove" }
  | { type: "feedback.submit" }
  | { type: "feedback.failure.dismiss" };

/**
 * The sender's default practices by abbreviation, as lists show practices. More than 25 means All
 * (§6); a list longer than the contract allows names as many as fit and counts the rest.
 */
export function senderPractice(defaultLocationId: string, practices: readonly Practice[]): string {
  const abbreviations = defaultLocationId
    .split(";")
    .map((id) => practices.find((practice) => String(practice.id) === id)?.practiceabbr)
    .filter((abbreviation): abbreviation is string => Boolean(abbreviation));
  if (abbreviations.length > MAX_DEFAULT_PRACTICES) return "All";
  const all = abbreviations.join(", ");
  if (all.length <= PRACTICE_MAX_LENGTH) return all;
  for (let shown = abbreviations.length - 1; shown > 0; shown -= 1) {
    const label = `${abbreviations.slice(0, shown).join(", ")} and ${abbreviations.length - shown} more`;
    if (label.length <= PRACTICE_MAX_LENGTH) return label;
  }
  return "";
}

/** §3: the payload, stamped at the moment of sending in the sender's time (§9 format). */
export function feedbackPayload(context: FeedbackContext, now: Date): FeedbackPayload {
  return {
    subject: context.subject.trim(),
    message: context.message.trim(),
    firstName: context.sender.firstname,
    lastName: context.sender.lastname,
    email: context.sender.email,
    practice: context.practice,
    ...(context.dataUrl ? { file: context.dataUrl } : {}),
    dateTime: dayjs(now).format(FEEDBACK_DATE_FORMAT),
  };
}

const fileProblem = (file: File): string | null => {
  if (file.size === 0) return `“${file.name}” is empty; choose another file.`;
  if (file.size > MAX_ATTACHMENT_BYTES) return `“${file.name}” is larger than 7 MB; attach a smaller file.`;
  return null;
};

export const feedbackMachine = setup({
  types: {
    input: {} as { sender: FeedbackSender },
    context: {} as FeedbackContext,
    events: {} as FeedbackEvent,
  },
  actors: {
    /** The practices the sender works, to name the default ones. */
    loadPractices: notProvided<Practice[], { userId: number }>("loadPractices"),
    /** Reads a file as a data URL. */
    readFile: notProvided<string, { file: File }>("readFile"),
    sendFeedback: notProvided<void, FeedbackPayload>("sendFeedback"),
  },
  guards: {
    isIncomplete: ({ context }) => !context.subject.trim() || !context.message.trim(),
    isRefused: (_, params: { file: File }) => fileProblem(params.file) !== null,
    isAttachable: (_, params: { dataUrl: string }) => ATTACHABLE_DATA_URL.test(params.dataUrl),
  },
  actions: {
    refuseFile: assign((_, params: { problem: string }) => ({ file: null, dataUrl: null, problem: params.problem })),
  },
}).createMachine({
  id: "feedback",
  context: ({ input }) => ({
    sender: input.sender,
    practice: "",
    subject: "",
    message: "",
    file: null,
    dataUrl: null,
    problem: null,
    failure: null,
  }),
  // The practice is a courtesy to support: the form never waits for it, and a failure leaves it ''.
  invoke: {
    src: "loadPractices",
    input: ({ context }) => ({ userId: context.sender.id }),
    onDone: {
      actions: assign({ practice: ({ context, event }) => senderPractice(context.sender.defaultLocationId, event.output) }),
    },
    onError: { actions: assign({ practice: "" }) },
  },
  initial: "editing",
  states: {
    editing: {
      initial: "idle",
      on: {
        "feedback.subject.change": { actions: assign({ subject: ({ event }) => event.value, problem: null }) },
        "feedback.message.change": { actions: assign({ message: ({ event }) => event.value, problem: null }) },
        "feedback.file.choose": [
          {
            guard: { type: "isRefused", params: ({ event }) => ({ file: event.file }) },
            target: ".idle",
            actions: { type: "refuseFile", params: ({ event }) => ({ problem: fileProblem(event.file)! }) },
          },
          {
            target: ".readingFile",
            actions: assign({
              file: ({ event }) => ({ name: event.file.name, size: event.file.size }),
              dataUrl: null,
              problem: null,
            }),
          },
        ],
        "feedback.file.remove": { target: ".idle", actions: assign({ file: null, dataUrl: null, problem: null }) },
      },
      states: {
        idle: {
          on: {
            "feedback.submit": [
              { guard: "isIncomplete", actions: assign({ problem: MISSING_FIELDS_MESSAGE }) },
              { target: "#feedback.sending" },
            ],
          },
        },
        readingFile: {
          invoke: {
            src: "readFile",
            input: ({ event }) => ({ file: (event as Extract<FeedbackEvent, { type: "feedback.file.choose" }>).file }),
            onDone: [
              {
                guard: { type: "isAttachable", params: ({ event }) => ({ dataUrl: event.output }) },
                target: "idle",
                actions: assign({ dataUrl: ({ event }) => event.output }),
              },
              {
                target: "idle",
                actions: {
                  type: "refuseFile",
                  params: ({ context }) => ({ problem: `“${context.file?.name}” cannot be attached; choose another file.` }),
                },
              },
            ],
            onError: {
              target: "idle",
              actions: {
                type: "refuseFile",
                params: ({ context }) => ({ problem: `“${context.file?.name}” could not be read; choose it again.` }),
              },
            },
          },
        },
        failed: {
          exit: assign({ failure: null }),
          on: {
            "feedback.failure.dismiss": "idle",
            "feedback.submit": [
              { guard: "isIncomplete", target: "idle", actions: assign({ problem: MISSING_FIELDS_MESSAGE }) },
              { target: "#feedback.sending" },
            ],
          },
        },
      },
    },
    sending: {
      invoke: {
        src: "sendFeedback",
        input: ({ context }) => feedbackPayload(context, new Date()),
        onDone: "sent",
        onError: { target: "editing.failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    sent: {},
  },
});

/** A running feedbackMachine, as src/app hands it to its screen. */
export type FeedbackRef = ActorRefFrom<typeof feedbackMachine>;
