// The practice feeds on the Import files screen (administrators): the latest runs of the feeds
// import listed first, then a feed's file chosen (its feed read from the file's name when it begins
// with one), checked before anything is sent (a CSV file, small enough for one request), sent as it
// is on disk (the browser streams it) as a run of "Import practice feeds", followed every second
// until it ends, and its outcome and refused rows shown. A file that is empty once read or not UTF-8
// text is the server's to refuse, as it reads it. Effects are named here and provided by src/app.
import { assign, setup, type ActorRefFrom } from "xstate";
import type { components } from "../../../contract/schema";
import { FEEDS, type FeedName } from "../../../domain/feeds/records.ts";
import { feedOfFileName } from "../../../domain/feeds/summary.ts";
import { emptyFile, fileTooLarge, isCsvFileName, tooLargeToSend } from "../../../domain/import/upload.ts";
import { IMPORT_PROGRESS_POLL_MS } from "../../lib/constants";
import { failureOf, type Failure } from "../adminFailure";
import { notProvided } from "../notProvided";
import type { ChosenFile } from "../memberImport/memberImport.machine";

type Schemas = components["schemas"];
export type FeedImport = Schemas["FeedImport"];
export type FeedImportRun = Schemas["FeedImportRun"];
/** The file to send and its feed. */
export interface FeedFileUpload {
  file: ChosenFile;
  feed: FeedName;
}

export interface FeedImportContext {
  runs: FeedImportRun[];
  file: ChosenFile | null;
  feed: FeedName | "";
  problem: string | null;
  run: FeedImport | null;
  failure: Failure | null;
}

export type FeedImportEvent =
  | { type: "feedImport.file.choose"; file: ChosenFile | null }
  | { type: "feedImport.feed.change"; feed: FeedName | "" }
  | { type: "feedImport.start" }
  | { type: "feedImport.retry" }
  | { type: "feedImport.again" };

const FRESH = { file: null, feed: "", problem: null, run: null, failure: null } as const;

export const notCsvFeedFile = (name: string) => `${name} is not a CSV file: export the practice's data as CSV (comma-separated values) and choose that file.`;

function problemOf(file: ChosenFile | null): string | null {
  if (!file) return null;
  if (!isCsvFileName(file.name)) return notCsvFeedFile(file.name);
  if (file.size === 0) return emptyFile(file.name);
  return tooLargeToSend(file.size) ? fileTooLarge(file.name, file.size) : null;
}

const failed = { type: "rememberFailure", params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const;

export const feedImportMachine = setup({
  types: { context: {} as FeedImportContext, events: {} as FeedImportEvent },
  actors: {
    /** GET /Feeds/imports. */
    loadRuns: notProvided<FeedImportRun[], void>("loadRuns"),
    /** POST /Feeds/imports. */
    uploadFile: notProvided<FeedImport, FeedFileUpload>("uploadFile"),
    /** GET /Feeds/imports/{id}. */
    loadImport: notProvided<FeedImport, { id: number }>("loadImport"),
  },
  delays: { progressPoll: IMPORT_PROGRESS_POLL_MS },
  actions: {
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
  },
  guards: {
    canStart: ({ context }) => context.file !== null && context.feed !== "" && context.problem === null,
    runEnded: ({ context }) => context.run?.status !== "running",
  },
}).createMachine({
  id: "feedImport",
  context: { runs: [], ...FRESH },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "loadRuns",
        onDone: { target: "choosing", actions: assign({ runs: ({ event }) => event.output, failure: null }) },
        onError: { target: "loadFailed", actions: failed },
      },
    },
    loadFailed: { on: { "feedImport.retry": "loading" } },
    choosing: {
      on: {
        "feedImport.file.choose": {
          actions: assign(({ event }) => ({ ...FRESH, file: event.file, feed: event.file ? (feedOfFileName(event.file.name, FEEDS) ?? "") : "", problem: problemOf(event.file) })),
        },
        "feedImport.feed.change": { actions: assign({ feed: ({ event }) => event.feed }) },
        "feedImport.start": { guard: "canStart", target: "uploading", actions: assign({ failure: null }) },
      },
    },
    uploading: {
      invoke: {
        src: "uploadFile",
        input: ({ context }): FeedFileUpload => ({ file: context.file!, feed: context.feed as FeedName }),
        onDone: { target: "following", actions: assign({ run: ({ event }) => event.output }) },
        onError: { target: "choosing", actions: failed },
      },
    },
    following: {
      always: { guard: "runEnded", target: "finished" },
      after: { progressPoll: "polling" },
    },
    polling: {
      invoke: {
        src: "loadImport",
        input: ({ context }) => ({ id: context.run!.id }),
        onDone: { target: "following", actions: assign({ run: ({ event }) => event.output, failure: null }) },
        onError: { target: "followFailed", actions: failed },
      },
    },
    /** The import goes on on the server; only asking about it failed. */
    followFailed: { on: { "feedImport.retry": "polling" } },
    finished: {
      // The run just ended joins the latest runs; a failure to read them again keeps the list shown.
      invoke: { src: "loadRuns", onDone: { actions: assign({ runs: ({ event }) => event.output }) } },
      on: { "feedImport.again": { target: "loading", actions: assign(FRESH) } },
    },
  },
});

export type FeedImportActor = ActorRefFrom<typeof feedImportMachine>;
