// §2 Members Status Report, Send Report: asks 'Are you sure you want to send report to yourself?'
// and sends the rows on screen only on confirmation (openapi.yaml POST /report/sendMembersReport).
import { assign, setup } from "xstate";
import { notProvided } from "../notProvided";
import { type ApiFailure, toFailure } from "../../api/errors";
import type { MembersStatusRow } from "./membersStatusReport";

export const SEND_REPORT_QUESTION = "Are you sure you want to send report to yourself?";

export interface MembersStatusSendContext {
  rows: MembersStatusRow[];
  /** The server's answer once sent ("Report sent to …"). */
  sentMessage: string | null;
}

export type MembersStatusSendEvent =
  | { type: "membersReport.send.request"; rows: MembersStatusRow[] }
  | { type: "membersReport.send.confirm" }
  | { type: "membersReport.send.cancel" }
  | { type: "membersReport.send.dismiss" };

/** The message of a failure that carries none. */
const SEND_FAILED = "The report could not be sent.";

export const membersStatusSendMachine = setup({
  types: {
    context: {} as MembersStatusSendContext,
    events: {} as MembersStatusSendEvent,
  },
  actors: {
    sendReport: notProvided<string, MembersStatusRow[]>("sendReport"),
  },
  actions: {
    showLoader: () => {},
    hideLoader: () => {},
    /** The generic error handler (§8): an ended session logs out, anything else becomes the alert. */
    reportFailure: (_, _params: { failure: ApiFailure }) => {},
  },
  guards: {
    hasRows: ({ event }) => event.type === "membersReport.send.request" && event.rows.length > 0,
  },
}).createMachine({
  id: "membersStatusSend",
  context: { rows: [], sentMessage: null },
  initial: "idle",
  states: {
    idle: {
      on: {
        "membersReport.send.request": {
          guard: "hasRows",
          target: "confirming",
          actions: assign({ rows: ({ event }) => event.rows, sentMessage: null }),
        },
        "membersReport.send.dismiss": { actions: assign({ sentMessage: null }) },
      },
    },
    confirming: {
      on: {
        "membersReport.send.confirm": "sending",
        "membersReport.send.cancel": { target: "idle", actions: assign({ rows: [] }) },
      },
    },
    sending: {
      entry: "showLoader",
      exit: "hideLoader",
      invoke: {
        src: "sendReport",
        input: ({ context }) => context.rows,
        onDone: { target: "idle", actions: assign({ sentMessage: ({ event }) => event.output, rows: [] }) },
        onError: {
          target: "idle",
          actions: [assign({ rows: [] }), { type: "reportFailure", params: ({ event }) => ({ failure: toFailure(event.error, SEND_FAILED) }) }],
        },
      },
    },
  },
});
