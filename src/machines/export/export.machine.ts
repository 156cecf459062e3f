// A CSV export of the server (the members list under its filters, or a table report): streamed,
// its progress shown as rows received of the rows announced, cancellable at any time, then handed
// to the browser as a file. Cancelling stops the stream (the server stops reading) and saves
// nothing. Effects are named here and provided by src/app.
import { assign, fromCallback, setup } from "xstate";
import type { ApiFailure } from "../../api/errors";
import type { components, operations } from "../../../contract/schema";

type UsageQuery = components["schemas"]["UsageQuery"];
type QueryOf<K extends keyof operations> = NonNullable<operations[K]["parameters"]["query"]>;
type BodyOf<K extends keyof operations> = operations[K] extends { requestBody: { content: { "application/json": infer Body } } } ? Body : never;

/** Which export, and the query of the screen it is taken from. */
export type ExportRequest =
  | { report: "members"; query: QueryOf<"exportMembers"> }
  | { report: "membersStatus"; query: QueryOf<"exportMembersStatusReport"> }
  | { report: "priorityStatus"; query: QueryOf<"exportPriorityStatusReport"> }
  | { report: "leadData"; body: BodyOf<"exportLeadDataReport"> }
  | { report: "usage"; query: UsageQuery }
  | { report: "newPatientOrigin"; query: components["schemas"]["NewPatientOriginQuery"] }
  /** The quality index of today, its periods computed when the export starts, as the report's own call does. */
  | { report: "qualityIndex" }
  | { report: "callRecordings"; query: QueryOf<"exportCallDirectoryList"> }
  /** A campaign's days (its progress chart's numbers). */
  | { report: "campaignDays"; id: number }
  | { report: "deletedByGroup" | "deletedSummary" | "deletedDetails"; query: QueryOf<"exportDeletedAppointmentsSummary"> };

/** The file received: its parts as they came (never joined into one string), and its name. */
export interface ExportedFile {
  fileName: string;
  parts: BlobPart[];
  rows: number;
}

export interface ExportContext {
  request: ExportRequest | null;
  /** Rows received so far, and how many the server announced. */
  rows: number;
  total: number | null;
  fileName: string | null;
  failure: ApiFailure | null;
}

export type ExportEvent =
  | { type: "export.start"; request: ExportRequest }
  | { type: "export.cancel" }
  | { type: "export.dismiss" }
  | { type: "export.progress"; rows: number; total: number | null }
  | { type: "export.received"; file: ExportedFile }
  | { type: "export.failed"; failure: ApiFailure };

const FRESH = { rows: 0, total: null, fileName: null, failure: null };

export const exportMachine = setup({
  types: { context: {} as ExportContext, events: {} as ExportEvent },
  actors: {
    /** Streams the export, sending export.progress, then export.received or export.failed; stopping it aborts the download. */
    streamExport: fromCallback<ExportEvent, ExportRequest>(() => {
      throw new Error("streamExport is not provided");
    }),
  },
  actions: {
    /** Hands the file to the browser. */
    saveExport: (_, _file: ExportedFile) => {},
    /** The generic error handler (§8): an ended session logs out, anything else becomes the alert. */
    reportFailure: (_, _params: { failure: ApiFailure }) => {},
  },
}).createMachine({
  id: "export",
  context: { request: null, ...FRESH },
  initial: "idle",
  states: {
    idle: {},
    exporting: {
      invoke: { src: "streamExport", input: ({ context }) => context.request! },
      on: {
        "export.progress": { actions: assign(({ event }) => ({ rows: event.rows, total: event.total })) },
        "export.received": {
          target: "saved",
          actions: [
            assign(({ event }) => ({ rows: event.file.rows, fileName: event.file.fileName })),
            { type: "saveExport", params: ({ event }) => event.file },
          ],
        },
        "export.failed": {
          target: "failed",
          actions: [assign({ failure: ({ event }) => event.failure }), { type: "reportFailure", params: ({ event }) => ({ failure: event.failure }) }],
        },
        "export.cancel": "cancelled",
        // One export at a time: a second click waits for this one to end or be cancelled.
        "export.start": { actions: [] },
        "export.dismiss": { actions: [] },
      },
    },
    saved: {},
    failed: {},
    cancelled: {},
  },
  on: {
    "export.start": { target: ".exporting", actions: assign(({ event }) => ({ request: event.request, ...FRESH })) },
    "export.dismiss": ".idle",
  },
});
