// The Member files screen (administrators): a payer's member file chosen in the browser, checked
// before anything is sent (a CSV file, small enough for one request: domain/import/upload.ts), sent
// as a run of the payer's import job, then followed every second until it ends: its progress while
// it runs, its outcome and its refused rows once it has. Effects are named here and provided by src/app.
import { assign, setup, type ActorRefFrom } from "xstate";
import { MAX_BODY_BYTES } from "../../../contract/errors";
import type { components } from "../../../contract/schema";
import { brandOfFileName } from "../../../domain/import/memberFile.ts";
import { contentProblem, emptyFile, fileTooLarge, isCsvFileName, notCsvFile, tooLargeToSend, uploadBytes } from "../../../domain/import/upload.ts";
import { IMPORT_PROGRESS_POLL_MS } from "../../lib/constants";
import { failureOf, type Failure } from "../adminFailure";
import { notProvided } from "../notProvided";

type Schemas = components["schemas"];
export type MemberImport = Schemas["MemberImport"];
export type MemberFileUpload = Schemas["MemberFileUpload"];
export type Brand = Schemas["Brand"];

/** What the machine needs of a chosen file (a browser File is one). */
export interface ChosenFile {
  name: string;
  size: number;
  lastModified: number;
  text: () => Promise<string>;
}

export interface MemberImportContext {
  file: ChosenFile | null;
  brand: Brand | "";
  /** Why the chosen file cannot be sent (not CSV, too large), before anything is sent. */
  problem: string | null;
  upload: MemberFileUpload | null;
  run: MemberImport | null;
  failure: Failure | null;
}

export type MemberImportEvent =
  | { type: "memberImport.file.choose"; file: ChosenFile | null }
  | { type: "memberImport.brand.change"; brand: Brand | "" }
  | { type: "memberImport.start" }
  | { type: "memberImport.retry" }
  | { type: "memberImport.again" };

const FRESH: MemberImportContext = { file: null, brand: "", problem: null, upload: null, run: null, failure: null };

/** Why a chosen file cannot be sent, seen before reading it: its name, no bytes at all, or a size no request may have. */
function problemOf(file: ChosenFile | null): string | null {
  if (!file) return null;
  if (!isCsvFileName(file.name)) return notCsvFile(file.name);
  if (file.size === 0) return emptyFile(file.name);
  return file.size > MAX_BODY_BYTES ? fileTooLarge(file.name, file.size) : null;
}

export const memberImportMachine = setup({
  types: { context: {} as MemberImportContext, events: {} as MemberImportEvent },
  actors: {
    /** The chosen file's text (UTF-8). */
    readFile: notProvided<string, ChosenFile>("readFile"),
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
    tooLarge: ({ context }) => context.upload !== null && tooLargeToSend(context.upload),
    notText: ({ context }) => context.upload !== null && contentProblem(context.upload) !== undefined,
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
        "memberImport.start": { guard: "canStart", target: "reading", actions: assign({ failure: null }) },
      },
    },
    reading: {
      invoke: {
        src: "readFile",
        input: ({ context }) => context.file!,
        onDone: {
          target: "checking",
          actions: assign(({ context, event }) => ({
            upload: {
              fileName: context.file!.name,
              brand: context.brand as Brand,
              extractedAt: new Date(context.file!.lastModified).toISOString(),
              content: event.output,
            },
          })),
        },
        onError: { target: "choosing", actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    checking: {
      always: [
        // Empty once read (blank lines only), or bytes that were not UTF-8 text: the server would refuse it alike.
        { guard: "notText", target: "choosing", actions: assign(({ context }) => ({ problem: contentProblem(context.upload!)!, upload: null })) },
        // Measured as it would be sent: quotes and line ends take more room in the request than in the file.
        { guard: "tooLarge", target: "choosing", actions: assign(({ context }) => ({ problem: fileTooLarge(context.file!.name, uploadBytes(context.upload!)), upload: null })) },
        { target: "uploading" },
      ],
    },
    uploading: {
      invoke: {
        src: "uploadFile",
        input: ({ context }) => context.upload!,
        onDone: { target: "following", actions: assign({ run: ({ event }) => event.output, upload: null }) },
        onError: { target: "choosing", actions: [{ type: "rememberFailure", params: ({ event }) => ({ error: event.error }) }, assign({ upload: null })] },
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
