// The Crons dialog (§2 "A Crons button opens a cron-history modal"): the jobs with their runs, and
// for administrators "Run now" on a job that is not running (POST /Members/crons/{id}/rerun, which
// answers the job with its new run on top). While a job runs, the list is read again every
// CRONS_RUNNING_POLL_MS, so the run's outcome and message show when it ends.
import { assign, setup } from "xstate";
import type { components } from "../../../../contract/schema";
import { CRONS_RUNNING_POLL_MS } from "../../../lib/constants";
import { notProvided } from "../../notProvided";
import { type ApiFailure, toFailure } from "../../../api/errors";

type Cron = components["schemas"]["Cron"];

export interface CronsContext {
  isAdmin: boolean;
  items: Cron[];
  failure: ApiFailure | null;
  /** Why the last "Run now" was refused ("The job is already running"). */
  runFailure: ApiFailure | null;
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
  },
  guards: {
    mayRun: ({ context, event }) =>
      context.isAdmin && event.type === "crons.run" && context.items.some((cron) => cron.id === event.id && cron.reRun === "0"),
    running: ({ context }) => anyRunning(context.items),
  },
  delays: { runningPoll: CRONS_RUNNING_POLL_MS },
}).createMachine({
  id: "crons",
  context: ({ input }) => ({ isAdmin: input.isAdmin, items: [], failure: null, runFailure: null }),
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
        onDone: {
          target: "ready",
          actions: assign({ items: ({ context, event }) => context.items.map((cron) => (cron.id === event.output.id ? event.output : cron)) }),
        },
        onError: { target: "ready", actions: assign({ runFailure: ({ event }) => toFailure(event.error) }) },
      },
    },
    /** Reading again while a job runs: the list stays on screen; a failed read is tried at the next tick. */
    refreshing: {
      invoke: {
        src: "load",
        onDone: { target: "ready", actions: assign({ items: ({ event }) => event.output }) },
        onError: { target: "ready" },
      },
    },
    failed: { on: { "dialog.retry": "loading" } },
  },
});
