// The Set Default dialog of the user menu (specification §2 Layout; §3 Setup record and the app
// state's defaultSetup {memberPractice, memberStatus}; §4 "Saving the default setup reloads the
// page"; §6 default practices). It stores the two setup records of the members list, practice and
// status, and nothing else: the specification gives the dialog no default page, so it does not
// call POST /pmd/setDefault. Effects are named here and provided by src/app.
import { assign, setup, type ActorRefFrom } from "xstate";
import { notProvided } from "../notProvided";
import { type ApiFailure, toFailure } from "../../api/errors";
import type { components } from "../../../contract/schema";
import { MEMBER_STATUSES } from "../../../domain/vocabulary.ts";

type Schemas = components["schemas"];
export type Practice = Schemas["Practice"];
export type SetupRecord = Schemas["SetupRecord"];
export type MemberStatus = Schemas["MemberStatus"];

/** openapi.yaml SetupRecord: the application whose defaults these are. */
export const SETUP_APP_ID = "call_center";
/** openapi.yaml SetupRecord: the status default that filters nothing. */
export const ALL_STATUSES = "all";
export type StatusDefault = MemberStatus | typeof ALL_STATUSES;

export interface SetDefaultInput {
  userId: number;
  /** The user's default practices (semicolon-separated ids): the choice until a practice record exists. */
  defaultLocationId: string;
}

export interface SetDefaultContext extends SetDefaultInput {
  practices: Practice[];
  records: SetupRecord[];
  /** The chosen practices, in the order of the list; none means all practices. */
  practiceIds: number[];
  status: StatusDefault;
  failure: ApiFailure | null;
}

export type SetDefaultEvent =
  | { type: "setDefault.practice.toggle"; id: number }
  | { type: "setDefault.practices.clear" }
  | { type: "setDefault.status.change"; status: StatusDefault }
  | { type: "setDefault.save" }
  | { type: "setDefault.retry" }
  | { type: "setDefault.failure.dismiss" };

export const isStatusDefault = (value: string | undefined): value is StatusDefault =>
  value === ALL_STATUSES || (MEMBER_STATUSES as readonly string[]).includes(value ?? "");

/** The current choice: the saved records, else the user's default practices and every status. */
export function currentChoice(
  records: readonly SetupRecord[],
  defaultLocationId: string,
  practices: readonly Practice[],
): Pick<SetDefaultContext, "practiceIds" | "status"> {
  const practiceRecord = records.find((record) => record.field === "practice");
  const savedStatus = records.find((record) => record.field === "status")?.value;
  const saved = new Set((practiceRecord?.value ?? defaultLocationId).split(";"));
  return {
    practiceIds: practices.filter((practice) => saved.has(String(practice.id))).map((practice) => practice.id),
    status: isStatusDefault(savedStatus) ? savedStatus : ALL_STATUSES,
  };
}

/** §3: the two records saving stores; the practice value is the chosen ids joined by ';'. */
export function setupRecords(context: Pick<SetDefaultContext, "practiceIds" | "status">): [SetupRecord, SetupRecord] {
  return [
    { appId: SETUP_APP_ID, field: "practice", value: context.practiceIds.join(";") },
    { appId: SETUP_APP_ID, field: "status", value: context.status },
  ];
}

export const setDefaultMachine = setup({
  types: {
    input: {} as SetDefaultInput,
    context: {} as SetDefaultContext,
    events: {} as SetDefaultEvent,
  },
  actors: {
    loadPractices: notProvided<Practice[], { userId: number }>("loadPractices"),
    /** GET /userSetup/{params}: the user's saved records of this application. */
    loadSetup: notProvided<SetupRecord[], { userId: number }>("loadSetup"),
    saveSetupRecord: notProvided<void, SetupRecord>("saveSetupRecord"),
  },
  actions: {
    /** §4: saving the default setup reloads the page, so every screen starts from the new defaults. */
    reloadPage: () => {},
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: toFailure(params.error) })),
  },
  guards: {
    hasPractices: ({ context }) => context.practices.length > 0,
  },
}).createMachine({
  id: "setDefault",
  context: ({ input }) => ({
    ...input,
    practices: [],
    records: [],
    practiceIds: [],
    status: ALL_STATUSES,
    failure: null,
  }),
  initial: "loading",
  states: {
    loading: {
      type: "parallel",
      states: {
        practices: {
          initial: "loading",
          states: {
            loading: {
              invoke: {
                src: "loadPractices",
                input: ({ context }) => ({ userId: context.userId }),
                onDone: { target: "loaded", actions: assign({ practices: ({ event }) => event.output }) },
                onError: {
                  target: "#setDefault.loadFailed",
                  actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            loaded: { type: "final" },
          },
        },
        setup: {
          initial: "loading",
          states: {
            loading: {
              invoke: {
                src: "loadSetup",
                input: ({ context }) => ({ userId: context.userId }),
                onDone: { target: "loaded", actions: assign({ records: ({ event }) => event.output }) },
                onError: {
                  target: "#setDefault.loadFailed",
                  actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            loaded: { type: "final" },
          },
        },
      },
      onDone: [
        {
          guard: "hasPractices",
          target: "ready",
          actions: assign(({ context }) => currentChoice(context.records, context.defaultLocationId, context.practices)),
        },
        { target: "empty" },
      ],
    },
    loadFailed: {
      on: { "setDefault.retry": { target: "loading", actions: assign({ failure: null }) } },
    },
    empty: {},
    ready: {
      initial: "editing",
      on: {
        "setDefault.practice.toggle": {
          actions: assign({
            practiceIds: ({ context, event }) => {
              const chosen = new Set(context.practiceIds);
              if (chosen.has(event.id)) chosen.delete(event.id);
              else chosen.add(event.id);
              return context.practices.filter((practice) => chosen.has(practice.id)).map((practice) => practice.id);
            },
          }),
        },
        "setDefault.practices.clear": { actions: assign({ practiceIds: [] }) },
        "setDefault.status.change": { actions: assign({ status: ({ event }) => event.status }) },
        "setDefault.save": { target: "saving" },
      },
      states: {
        editing: {},
        /** A save failed: the choice stays as it was, and saving again stores both records. */
        saveFailed: { exit: assign({ failure: null }), on: { "setDefault.failure.dismiss": "editing" } },
      },
    },
    saving: {
      initial: "practice",
      states: {
        practice: {
          invoke: {
            src: "saveSetupRecord",
            input: ({ context }) => setupRecords(context)[0],
            onDone: "status",
            onError: {
              target: "#setDefault.ready.saveFailed",
              actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        status: {
          invoke: {
            src: "saveSetupRecord",
            input: ({ context }) => setupRecords(context)[1],
            onDone: "#setDefault.reloading",
            onError: {
              target: "#setDefault.ready.saveFailed",
              actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    reloading: { entry: "reloadPage" },
  },
});

/** A running setDefaultMachine, as src/app hands it to its screen. */
export type SetDefaultRef = ActorRefFrom<typeof setDefaultMachine>;
