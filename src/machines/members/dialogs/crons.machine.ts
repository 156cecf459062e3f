// The Crons dialog (§2 "A Crons button opens a cron-history modal"): the jobs with their runs, and
// for administrators "Run now" on a job that is not running (POST /Members/crons/{id}/rerun, which
// answers the job with its new run on top). While a job runs, the list is read again every
// CRONS_RUNNING_POLL_MS, so the run's outcome and message show when it ends. A run of "Import call
// recordings" started here is followed with its report (getRecordingsImport): its counts, the keys
// it could not read and why, or that it found nothing; read with the list, until it has ended.
import { assign, setup } from "xstate";
import type { components } from "../../../../contract/schema";
import { JOBS } from "../../../../domain/jobs.ts";
import type { RecordingsImport } from "../../../../domain/recordings/importReport.ts";
import { CRONS_RUNNING_POLL_MS } from "../../../lib/constants";
import { notProvided } from "../../notProvided";
import { type ApiFailure, toFailure } from "../../../api/errors";

type Cron = components["schemas"]["Cron"];

/** The job whose runs have a report of their own. */
export const RECORDINGS_IMPORT_JOB = JOBS.find((job) => job.key === "import-recordings")!.id;

export interface CronsContext {
  isAdmin: boolean;
  items: Cron[];
  failure: ApiFailure | null;
  /** Why the last "Run now" was refused ("The job is already running"). */
  runFailure: ApiFailure | null;
  /** The run of "Import call recordings" started here, and its report once read. */
  recordingsRun: { id: number; report: RecordingsImport | null } | null;
}

export type CronsEvent = { type: "dialog.retry" } | { type: "crons.run"; id: number };

const anyRunning = (items: Cron[]) => items.some((cron) => cron.reRun !== "0");

export const cronsMachine = setup({
  types: {
    input: {} as { isAdmin: boolean },
    context: {} as CronsContext,
    events: {} as CronsEvent,
  },
  actors: {
    load: notProvided<Cron[]>("load"),
    run: notProvided<Cron, { id: number }>("run"),
    loadRecordingsImport: notProvided<RecordingsImport, { id: number }>("loadRecordingsImport"),
  },
  guards: {
    mayRun: ({ context, event }) =>
      context.isAdmin && event.type === "crons.run" && context.items.some((cron) => cron.id === event.id && cron.reRun === "0"),
    running: ({ context }) => anyRunning(context.items),
    startedRecordingsImport: ({ event }) => (event as { output?: Cron }).output?.id === RECORDINGS_IMPORT_JOB,
    followsRecordingsRun: ({ context }) => context.recordingsRun !== null,
  },
  delays: { runningPoll: CRONS_RUNNING_POLL_MS },
}).createMachine({
  id: "crons",
  context: ({ input }) => ({ isAdmin: input.isAdmin, items: [], failure: null, runFailure: null, recordingsRun: null }),
  initial: "loading",
  states: {
    loading: {
      entry: assign({ failure: null }),
      invoke: {
        src: "load",
        onDone: { target: "ready", actions: assign({ items: ({ event }) => event.output }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    ready: {
      on: { "crons.run": { guard: "mayRun", target: "starting" } },
      after: { runningPoll: { guard: "running", target: "refreshing" } },
    },
    starting: {
      entry: assign({ runFailure: null }),
      invoke: {
        src: "run",
        input: ({ event }) => ({ id: (event as Extract<CronsEvent, { type: "crons.run" }>).id }),
        onDone: [
          {
            guard: "startedRecordingsImport",
            target: "reporting",
            actions: assign({
              items: ({ context, event }) => context.items.map((cron) => (cron.id === event.output.id ? event.output : cron)),
              recordingsRun: ({ event }) => ({ id: event.output.logs[0]!.id, report: null }),
            }),
          },
          {
            target: "ready",
            actions: assign({ items: ({ context, event }) => context.items.map((cron) => (cron.id === event.output.id ? event.output : cron)) }),
          },
        ],
        onError: { target: "ready", actions: assign({ runFailure: ({ event }) => toFailure(event.error) }) },
      },
    },
    /** Reading again while a job runs: the list stays on screen; a failed read is tried at the next tick. */
    refreshing: {
      invoke: {
        src: "load",
        onDone: [
          { guard: "followsRecordingsRun", target: "reporting", actions: assign({ items: ({ event }) => event.output }) },
          { target: "ready", actions: assign({ items: ({ event }) => event.output }) },
        ],
        onError: { target: "ready" },
      },
    },
    /** The recordings run's report, read after the list so that it is at least as new; a failed read keeps the last one. */
    reporting: {
      invoke: {
        src: "loadRecordingsImport",
        input: ({ context }) => ({ id: context.recordingsRun!.id }),
        onDone: { target: "ready", actions: assign({ recordingsRun: ({ event }) => ({ id: event.output.id, report: event.output }) }) },
        onError: { target: "ready" },
      },
    },
    failed: { on: { "dialog.retry": "loading" } },
  },
});
