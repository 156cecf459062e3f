// The practice feeds on the Import files screen (administrators): the latest runs of the feeds
// import listed first, then a feed's file chosen (its feed read from the file's name when it begins
// with one), checked before anything is sent (a CSV file, small enough for one request), sent as a
// run of "Import practice feeds", followed every second until it ends, and its outcome and refused
// rows shown. Effects are named here and provided by src/app.
import { assign, setup, type ActorRefFrom } from "xstate";
import { MAX_BODY_BYTES } from "../../../contract/errors";
import type { components } from "../../../contract/schema";
import { FEEDS, type FeedName } from "../../../domain/feeds/records.ts";
import { feedOfFileName } from "../../../domain/feeds/summary.ts";
import { feedContentProblem } from "../../../domain/feeds/upload.ts";
import { emptyFile, fileTooLarge, isCsvFileName, tooLargeToSend, uploadBytes } from "../../../domain/import/upload.ts";
import { IMPORT_PROGRESS_POLL_MS } from "../../lib/constants";
import { failureOf, type Failure } from "../adminFailure";
import { notProvided } from "../notProvided";
import type { ChosenFile } from "../memberImport/memberImport.machine";

type Schemas = components["schemas"];
export type FeedImport = Schemas["FeedImport"];
export type FeedImportRun = Schemas["FeedImportRun"];
export type FeedFileUpload = Schemas["FeedFileUpload"];

export interface FeedImportContext {
  runs: FeedImportRun[];
  file: ChosenFile | null;
  feed: FeedName | "";
  problem: string | null;
  upload: FeedFileUpload | null;
  run: FeedImport | null;
  failure: Failure | null;
}

export type FeedImportEvent =
  | { type: "feedImport.file.choose"; file: ChosenFile | null }
  | { type: "feedImport.feed.change"; feed: FeedName | "" }
  | { type: "feedImport.start" }
  | { type: "feedImport.retry" }
  | { type: "feedImport.again" };

const FRESH = { file: null, feed: "", problem: null, upload: null, run: null, failure: null } as const;

export const notCsvFeedFile = (name: string) => `${name} is not a CSV file: export the practice's data as CSV (comma-separated values) and choose that file.`;

function problemOf(file: ChosenFile | null): string | null {
  if (!file) return null;
  if (!isCsvFileName(file.name)) return notCsvFeedFile(file.name);
  if (file.size === 0) return emptyFile(file.name);
  return file.size > MAX_BODY_BYTES ? fileTooLarge(file.name, file.size) : null;
}

const failed = { type: "rememberFailure", params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const;

export const feedImportMachine = setup({
  types: { context: {} as FeedImportContext, events: {} as FeedImportEvent },
  actors: {
    /** GET /Feeds/imports. */
    loadRuns: notProvided<FeedImportRun[], void>("loadRuns"),
    /** The chosen file's text (UTF-8). */
    readFile: notProvided<string, ChosenFile>("readFile"),
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
    tooLarge: ({ context }) => context.upload !== null && tooLargeToSend(context.upload),
    notText: ({ context }) => context.upload !== null && feedContentProblem(context.upload) !== undefined,
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
        "feedImport.start": { guard: "canStart", target: "reading", actions: assign({ failure: null }) },
      },
    },
    reading: {
      invoke: {
        src: "readFile",
        input: ({ context }) => context.file!,
        onDone: { target: "checking", actions: assign(({ context, event }) => ({ upload: { fileName: context.file!.name, feed: context.feed as FeedName, content: event.output } })) },
        onError: { target: "choosing", actions: failed },
      },
    },
    checking: {
      always: [
        { guard: "notText", target: "choosing", actions: assign(({ context }) => ({ problem: feedContentProblem(context.upload!)!, upload: null })) },
        { guard: "tooLarge", target: "choosing", actions: assign(({ context }) => ({ problem: fileTooLarge(context.file!.name, uploadBytes(context.upload!)), upload: null })) },
        { target: "uploading" },
      ],
    },
    uploading: {
      invoke: {
        src: "uploadFile",
        input: ({ context }) => context.upload!,
        onDone: { target: "following", actions: assign({ run: ({ event }) => event.output, upload: null }) },
        onError: { target: "choosing", actions: [failed, assign({ upload: null })] },
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
