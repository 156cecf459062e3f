// The Member files screen (administrators): a payer's member file chosen in the browser, checked
// before anything is sent (a CSV file, small enough for one request: domain/import/upload.ts), sent
// as it is on disk (the browser streams it; its text is never read here) as a run of the payer's
// import job, then followed every second until it ends: its progress while it runs, its outcome and
// its refused rows once it has. A file that is empty once read or not UTF-8 text is the server's to
// refuse, as it reads it. Effects are named here and provided by src/app.
import { assign, setup, type ActorRefFrom } from "xstate";
import type { components } from "../../../contract/schema";
import { brandOfFileName } from "../../../domain/import/memberFile.ts";
import { emptyFile, fileTooLarge, isCsvFileName, notCsvFile, tooLargeToSend } from "../../../domain/import/upload.ts";
import { IMPORT_PROGRESS_POLL_MS } from "../../lib/constants";
import { failureOf, type Failure } from "../adminFailure";
import { notProvided } from "../notProvided";

type Schemas = components["schemas"];
export type MemberImport = Schemas["MemberImport"];
export type Brand = Schemas["Brand"];

/** A chosen file: its bytes (a Blob), its name and time (a browser File is one). */
export interface ChosenFile extends Blob {
  readonly name: string;
  readonly lastModified: number;
}

/** The file to send and what the import needs to know of it. */
export interface MemberFileUpload {
  file: ChosenFile;
  brand: Brand;
  /** The file's time, taken for the payer's extraction time. */
  extractedAt: string;
}

export interface MemberImportContext {
  file: ChosenFile | null;
  brand: Brand | "";
  /** Why the chosen file cannot be sent (not CSV, too large), before anything is sent. */
  problem: string | null;
  run: MemberImport | null;
  failure: Failure | null;
}

export type MemberImportEvent =
  | { type: "memberImport.file.choose"; file: ChosenFile | null }
  | { type: "memberImport.brand.change"; brand: Brand | "" }
  | { type: "memberImport.start" }
  | { type: "memberImport.retry" }
  | { type: "memberImport.again" };

const FRESH: MemberImportContext = { file: null, brand: "", problem: null, run: null, failure: null };

/** Why a chosen file cannot be sent, seen before reading it: its name, no bytes at all, or a size no request may have. */
function problemOf(file: ChosenFile | null): string | null {
  if (!file) return null;
  if (!isCsvFileName(file.name)) return notCsvFile(file.name);
  if (file.size === 0) return emptyFile(file.name);
  return tooLargeToSend(file.size) ? fileTooLarge(file.name, file.size) : null;
}

export const memberImportMachine = setup({
  types: { context: {} as MemberImportContext, events: {} as MemberImportEvent },
  actors: {
    /** POST /Members/imports. */
    uploadFile: notProvided<MemberImport, MemberFileUpload>("uploadFile"),
    /** GET /Members/imports/{id}. */
    loadImport: notProvided<MemberImport, { id: number }>("loadImport"),
  },
  delays: { progressPoll: IMPORT_PROGRESS_POLL_MS },
  actions: {
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
  },
  guards: {
    canStart: ({ context }) => context.file !== null && context.brand !== "" && context.problem === null,
    runEnded: ({ context }) => context.run?.status !== "running",
  },
}).createMachine({
  id: "memberImport",
  context: FRESH,
  initial: "choosing",
  states: {
    choosing: {
      on: {
        "memberImport.file.choose": {
          actions: assign(({ event }) => ({ ...FRESH, file: event.file, brand: event.file ? (brandOfFileName(event.file.name) as Brand | undefined) ?? "" : "", problem: problemOf(event.file) })),
        },
        "memberImport.brand.change": { actions: assign({ brand: ({ event }) => event.brand }) },
        "memberImport.start": { guard: "canStart", target: "uploading", actions: assign({ failure: null }) },
      },
    },
    uploading: {
      invoke: {
        src: "uploadFile",
        input: ({ context }): MemberFileUpload => ({ file: context.file!, brand: context.brand as Brand, extractedAt: new Date(context.file!.lastModified).toISOString() }),
        onDone: { target: "following", actions: assign({ run: ({ event }) => event.output }) },
        onError: { target: "choosing", actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) } },
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
        onError: { target: "followFailed", actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The import goes on on the server; only asking about it failed. */
    followFailed: { on: { "memberImport.retry": "polling" } },
    finished: { on: { "memberImport.again": { target: "choosing", actions: assign(FRESH) } } },
  },
});

/** The running machine a screen renders (src/app creates it). */
export type MemberImportActor = ActorRefFrom<typeof memberImportMachine>;
