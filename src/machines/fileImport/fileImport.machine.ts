// A file imported from the browser on the Import files screen (administrators): a payer's member
// file, or a practice feed's file. The latest runs listed first where the kind has a list (the
// feeds), then a file chosen, its target (the payer, or the feed) read from the file's name when
// it begins with one, checked before anything is sent (a CSV file, small enough for one request:
// domain/import/upload.ts), sent as it is on disk (the browser streams it; its text is never read
// here) as a run of the target's import job, then followed every second until it ends: its
// progress while it runs, its outcome and its refused rows once it has. A file that is empty once
// read or not UTF-8 text is the server's to refuse, as it reads it. The kind is the actor's input;
// effects are named here and provided by src/app.
import { assign, setup, type ActorRefFrom } from "xstate";
import type { components } from "../../../contract/schema";
import { FEEDS } from "../../../domain/feeds/records.ts";
import { feedOfFileName } from "../../../domain/feeds/summary.ts";
import { brandOfFileName } from "../../../domain/import/memberFile.ts";
import { emptyFile, fileTooLarge, isCsvFileName, notCsvFile, tooLargeToSend } from "../../../domain/import/upload.ts";
import { IMPORT_PROGRESS_POLL_MS } from "../../lib/constants";
import { failureOf, type Failure } from "../adminFailure";
import { notProvided } from "../notProvided";

type Schemas = components["schemas"];
export type MemberImport = Schemas["MemberImport"];
export type FeedImport = Schemas["FeedImport"];
export type FeedImportRun = Schemas["FeedImportRun"];
/** A run of an upload, as getMemberImport or getFeedImport answers it. */
export type FileImport = MemberImport | FeedImport;

/** What is imported: a payer's member file, or a practice feed's file. */
export type FileImportKind = "members" | "feeds";

/** A chosen file: its bytes (a Blob), its name and time (a browser File is one). */
export interface ChosenFile extends Blob {
  readonly name: string;
  readonly lastModified: number;
}

/** The file to send, and its payer or feed. */
export interface FileUpload {
  kind: FileImportKind;
  file: ChosenFile;
  target: string;
}

export const notCsvFeedFile = (name: string) => `${name} is not a CSV file: export the practice's data as CSV (comma-separated values) and choose that file.`;

/** What differs between the kinds, besides their calls. */
const KINDS: Record<FileImportKind, { targetOfFileName: (name: string) => string | undefined; notCsv: (name: string) => string; listsRuns: boolean }> = {
  members: { targetOfFileName: brandOfFileName, notCsv: notCsvFile, listsRuns: false },
  feeds: { targetOfFileName: (name) => feedOfFileName(name, FEEDS), notCsv: notCsvFeedFile, listsRuns: true },
};

export interface FileImportContext {
  kind: FileImportKind;
  /** The latest runs, for a kind that lists them. */
  runs: FeedImportRun[];
  file: ChosenFile | null;
  /** The payer or the feed; "" until known. */
  target: string;
  /** Why the chosen file cannot be sent (not CSV, empty, too large), before anything is sent. */
  problem: string | null;
  run: FileImport | null;
  failure: Failure | null;
}

export type FileImportEvent =
  | { type: "fileImport.file.choose"; file: ChosenFile | null }
  | { type: "fileImport.target.change"; target: string }
  | { type: "fileImport.start" }
  | { type: "fileImport.retry" }
  | { type: "fileImport.again" };

const FRESH = { file: null, target: "", problem: null, run: null, failure: null } as const;

/** Why a chosen file cannot be sent, seen before reading it: its name, no bytes at all, or a size no request may have. */
function problemOf(kind: FileImportKind, file: ChosenFile | null): string | null {
  if (!file) return null;
  if (!isCsvFileName(file.name)) return KINDS[kind].notCsv(file.name);
  if (file.size === 0) return emptyFile(file.name);
  return tooLargeToSend(file.size) ? fileTooLarge(file.name, file.size) : null;
}

const failed = { type: "rememberFailure", params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const;

export const fileImportMachine = setup({
  types: { context: {} as FileImportContext, events: {} as FileImportEvent, input: {} as { kind: FileImportKind } },
  actors: {
    /** GET /Feeds/imports. */
    loadRuns: notProvided<FeedImportRun[], { kind: FileImportKind }>("loadRuns"),
    /** POST /Members/imports or POST /Feeds/imports. */
    uploadFile: notProvided<FileImport, FileUpload>("uploadFile"),
    /** GET /Members/imports/{id} or GET /Feeds/imports/{id}. */
    loadImport: notProvided<FileImport, { kind: FileImportKind; id: number }>("loadImport"),
  },
  delays: { progressPoll: IMPORT_PROGRESS_POLL_MS },
  actions: {
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
  },
  guards: {
    listsRuns: ({ context }) => KINDS[context.kind].listsRuns,
    canStart: ({ context }) => context.file !== null && context.target !== "" && context.problem === null,
    runEnded: ({ context }) => context.run?.status !== "running",
  },
}).createMachine({
  id: "fileImport",
  context: ({ input }) => ({ kind: input.kind, runs: [], ...FRESH }),
  initial: "opening",
  states: {
    opening: { always: [{ guard: "listsRuns", target: "loading" }, { target: "choosing" }] },
    loading: {
      invoke: {
        src: "loadRuns",
        input: ({ context }) => ({ kind: context.kind }),
        onDone: { target: "choosing", actions: assign({ runs: ({ event }) => event.output, failure: null }) },
        onError: { target: "loadFailed", actions: failed },
      },
    },
    loadFailed: { on: { "fileImport.retry": "loading" } },
    choosing: {
      on: {
        "fileImport.file.choose": {
          actions: assign(({ context, event }) => ({
            ...FRESH,
            file: event.file,
            target: event.file ? (KINDS[context.kind].targetOfFileName(event.file.name) ?? "") : "",
            problem: problemOf(context.kind, event.file),
          })),
        },
        "fileImport.target.change": { actions: assign({ target: ({ event }) => event.target }) },
        "fileImport.start": { guard: "canStart", target: "uploading", actions: assign({ failure: null }) },
      },
    },
    uploading: {
      invoke: {
        src: "uploadFile",
        input: ({ context }): FileUpload => ({ kind: context.kind, file: context.file!, target: context.target }),
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
        input: ({ context }) => ({ kind: context.kind, id: context.run!.id }),
        onDone: { target: "following", actions: assign({ run: ({ event }) => event.output, failure: null }) },
        onError: { target: "followFailed", actions: failed },
      },
    },
    /** The import goes on on the server; only asking about it failed. */
    followFailed: { on: { "fileImport.retry": "polling" } },
    finished: {
      initial: "opening",
      states: {
        opening: { always: [{ guard: "listsRuns", target: "listing" }, { target: "shown" }] },
        // The run just ended joins the latest runs; a failure to read them again keeps the list shown.
        listing: { invoke: { src: "loadRuns", input: ({ context }) => ({ kind: context.kind }), onDone: { target: "shown", actions: assign({ runs: ({ event }) => event.output }) }, onError: "shown" } },
        shown: {},
      },
      on: { "fileImport.again": { target: "opening", actions: assign(FRESH) } },
    },
  },
});

/** The running machine a screen renders (src/app creates it, one per kind). */
export type FileImportActor = ActorRefFrom<typeof fileImportMachine>;
