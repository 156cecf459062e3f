// The members worklist (§2 Members list; §4 transitions; §6 default practices; §9 constants): the
// filters restored from the URL query, the memberFilters cookie or the user's defaults; the list
// loaded page by page with the server's sort; search debounced 750 ms; a result saved then the list
// reloaded; and the notes, results-history and crons dialogs as child machines. Effects are named
// here and provided by src/app/services.ts.
import { assign, not, raise, setup, stateIn } from "xstate";
import { notProvided } from "../notProvided";
import { type ApiFailure, toFailure } from "../../api/errors";
import type { components } from "../../api/schema";
import { MEMBER_SEARCH_DEBOUNCE_MS, PAGE_SIZES, type PageSize } from "../../lib/constants";
import {
  ALL,
  changeFilters,
  initialFilters,
  NO_FILTERS,
  unknownInLink,
  type Dentist,
  type Member,
  type MemberFilters,
  type MemberResult,
  type MembersQuery,
  type MemberSortColumn,
  type Practice,
  type RegionFilter,
  type SavedFilters,
  type SetupRecord,
} from "./members.filters";
import { listDialogMachine } from "./listDialog.machine";
import { notesMachine, type NotesQuery } from "./notes.machine";

type Schemas = components["schemas"];
export type MembersTableData = Schemas["MembersTableData"];
export type SaveResultRequest = Schemas["SaveResultRequest"];

export interface MembersInput {
  /** The route's scope: SMD for /members/smile-magic, FSD for /members/family-smiles, all. */
  region: RegionFilter;
  userId: number;
  /** The user's default practices (semicolon-separated ids), when no setup record says otherwise. */
  defaultLocationId: string;
}

export interface MemberOptions {
  practices: Practice[];
  dentists: Dentist[];
  setup: SetupRecord[];
}

export interface MemberSort {
  column: MemberSortColumn | null;
  /** The contract's flag: true = the sorted column was clicked again, i.e. descending. */
  sameColumn: boolean;
}

export interface MembersContext extends MembersInput {
  saved: SavedFilters;
  /** The practices of the route's region. */
  practices: Practice[];
  dentists: Dentist[];
  filters: MemberFilters;
  /** What the user typed; `search` is the trimmed text the list was last loaded with. */
  searchText: string;
  search: string;
  pageNum: number;
  pageSize: PageSize;
  sort: MemberSort;
  members: Member[];
  totalCount: number;
  /** The member whose result is being saved, and the result. */
  savingResult: { memberId: number; result: MemberResult } | null;
  /** The member whose notes or results history is open. */
  dialogMember: Member | null;
  failure: ApiFailure | null;
  /** What the opening link named that the list does not know (its filters were then dropped). */
  unknownInLink: string[];
}

export type MembersEvent =
  | { type: "members.filter.change"; change: Partial<MemberFilters> }
  | { type: "members.search.change"; text: string }
  | { type: "members.search.apply" }
  | { type: "members.page.change"; pageNum: number }
  | { type: "members.pageSize.change"; pageSize: PageSize }
  | { type: "members.sort.toggle"; column: MemberSortColumn }
  | { type: "members.result.save"; member: Member; result: MemberResult }
  | { type: "members.reload" }
  | { type: "members.retry" }
  | { type: "members.notes.open"; member: Member }
  | { type: "members.history.open"; member: Member }
  | { type: "members.crons.open" }
  | { type: "members.dialog.close" };

/** How the notes and results calls name a member (openapi.yaml NotesQuery). */
export const memberKey = (member: Member): NotesQuery => ({
  sid: member.Subscriber_ID,
  practice: member.practiceId,
  patnum: member.PatNum,
});

/** The list call's query for the current filters, search, page and sort. */
export function membersQuery(context: MembersContext): MembersQuery {
  const { filters, sort } = context;
  return {
    pageNum: context.pageNum,
    pageSize: context.pageSize,
    company: filters.brand,
    search: context.search,
    dentistFirstName: filters.dentist,
    result: filters.result,
    status: filters.status,
    priority: filters.priority,
    ...(sort.column ? { orderByColumn: sort.column } : {}),
    practice: filters.practiceIds.length ? filters.practiceIds.join(",") : ALL,
    sameColumn: sort.sameColumn,
    mco: filters.mco,
    region: context.region,
  };
}

const UNSORTED: MemberSort = { column: null, sameColumn: false };
/** §4: a filter change resets paging and the sort flags. */
const RESET_PAGING = { pageNum: 1, sort: UNSORTED };

export const membersMachine = setup({
  types: {
    input: {} as MembersInput,
    context: {} as MembersContext,
    events: {} as MembersEvent,
  },
  actors: {
    /** The URL query (practice, status, brand) and the memberFilters cookie. */
    readSavedFilters: notProvided<SavedFilters>("readSavedFilters"),
    /** The practices the user works, the dentists, and the user's saved setup (GET /userSetup). */
    loadOptions: notProvided<MemberOptions, { userId: number }>("loadOptions"),
    loadMembers: notProvided<MembersTableData, MembersQuery>("loadMembers"),
    saveResult: notProvided<void, SaveResultRequest>("saveResult"),
    notesDialog: notesMachine,
    historyDialog: listDialogMachine,
    cronsDialog: listDialogMachine,
  },
  actions: {
    /** Mirrors the filters into the URL query and the memberFilters cookie (30 days). */
    persistFilters: (_, _params: { filters: MemberFilters; pageSize: PageSize }) => {},
    /** The generic error handler (§8): an ended session logs out, anything else becomes the alert. */
    reportFailure: (_, _params: { failure: ApiFailure }) => {},
  },
  guards: {
    searchChanged: ({ context }) => context.searchText.trim() !== context.search,
    isPageInRange: ({ context }, params: { pageNum: number }) =>
      Number.isInteger(params.pageNum) &&
      params.pageNum >= 1 &&
      params.pageNum <= Math.max(1, Math.ceil(context.totalCount / context.pageSize)),
    isPageSize: (_, params: { pageSize: number }) => (PAGE_SIZES as readonly number[]).includes(params.pageSize),
  },
  delays: {
    /** §9 Search debounce, members list. */
    searchDebounce: MEMBER_SEARCH_DEBOUNCE_MS,
  },
}).createMachine({
  id: "members",
  context: ({ input }) => ({
    ...input,
    saved: { url: {}, cookie: {}, unknown: [] },
    practices: [],
    dentists: [],
    filters: NO_FILTERS,
    searchText: "",
    search: "",
    pageNum: 1,
    pageSize: PAGE_SIZES[0],
    sort: UNSORTED,
    members: [],
    totalCount: 0,
    savingResult: null,
    dialogMember: null,
    failure: null,
    unknownInLink: [],
  }),
  initial: "starting",
  states: {
    starting: {
      invoke: {
        src: "readSavedFilters",
        onDone: { target: "loadingOptions", actions: assign({ saved: ({ event }) => event.output }) },
        onError: "loadingOptions",
      },
    },
    loadingOptions: {
      entry: assign({ failure: null }),
      invoke: {
        src: "loadOptions",
        input: ({ context }) => ({ userId: context.userId }),
        onDone: {
          target: "active",
          actions: [
            assign(({ context, event }) => {
              const practices = event.output.practices.filter(
                (practice) => context.region === ALL || practice.region === context.region,
              );
              const ids = new Set(practices.map((practice) => practice.id));
              const unknown = unknownInLink({ saved: context.saved, practices });
              return {
                practices,
                dentists: event.output.dentists.filter((dentist) => ids.has(dentist.practiceId)),
                unknownInLink: unknown,
                // A link naming something unknown opens the whole list rather than a guessed part of it.
                filters: unknown.length > 0 ? NO_FILTERS : initialFilters({
                  saved: context.saved,
                  setup: event.output.setup,
                  defaultLocationId: context.defaultLocationId,
                  practices,
                }),
                pageSize: context.saved.cookie.pageSize ?? context.pageSize,
              };
            }),
            { type: "persistFilters", params: ({ context }) => ({ filters: context.filters, pageSize: context.pageSize }) },
          ],
        },
        onError: {
          target: "startFailed",
          actions: [
            assign({ failure: ({ event }) => toFailure(event.error, "The members list could not be loaded.") }),
            { type: "reportFailure", params: ({ event }) => ({ failure: toFailure(event.error) }) },
          ],
        },
      },
    },
    startFailed: {
      on: { "members.retry": "loadingOptions" },
    },
    active: {
      type: "parallel",
      states: {
        list: {
          initial: "loading",
          on: {
            "members.filter.change": {
              guard: not(stateIn("#members.active.list.saving")),
              target: ".loading",
              actions: [
                assign(({ context, event }) => ({ filters: changeFilters(context.filters, event.change), ...RESET_PAGING })),
                { type: "persistFilters", params: ({ context }) => ({ filters: context.filters, pageSize: context.pageSize }) },
              ],
            },
            "members.search.apply": {
              guard: "searchChanged",
              target: ".loading",
              actions: assign(({ context }) => ({ search: context.searchText.trim(), ...RESET_PAGING })),
            },
            "members.page.change": {
              guard: {
                type: "isPageInRange",
                params: ({ event }) => ({ pageNum: event.pageNum }),
              },
              target: ".loading",
              actions: assign({ pageNum: ({ event }) => event.pageNum }),
            },
            "members.pageSize.change": {
              guard: { type: "isPageSize", params: ({ event }) => ({ pageSize: event.pageSize }) },
              target: ".loading",
              actions: [
                assign({ pageSize: ({ event }) => event.pageSize, pageNum: 1 }),
                { type: "persistFilters", params: ({ context }) => ({ filters: context.filters, pageSize: context.pageSize }) },
              ],
            },
            "members.sort.toggle": {
              target: ".loading",
              actions: assign({
                pageNum: 1,
                sort: ({ context, event }) =>
                  context.sort.column === event.column
                    ? { column: event.column, sameColumn: !context.sort.sameColumn }
                    : { column: event.column, sameColumn: false },
              }),
            },
            "members.reload": { target: ".loading" },
          },
          states: {
            loading: {
              entry: assign({ failure: null }),
              invoke: {
                src: "loadMembers",
                input: ({ context }) => membersQuery(context),
                onDone: {
                  target: "ready",
                  actions: assign({
                    members: ({ event }) => event.output.members,
                    totalCount: ({ event }) => event.output.total_count,
                    savingResult: null,
                  }),
                },
                onError: {
                  target: "failed",
                  actions: [
                    assign({
                      failure: ({ event }) => toFailure(event.error, "The members list could not be loaded."),
                      savingResult: null,
                    }),
                    { type: "reportFailure", params: ({ event }) => ({ failure: toFailure(event.error) }) },
                  ],
                },
              },
            },
            ready: {
              on: {
                "members.result.save": {
                  target: "saving",
                  actions: assign({ savingResult: ({ event }) => ({ memberId: event.member.id, result: event.result }) }),
                },
              },
            },
            /** §4: changing a result saves it and reloads the list. */
            saving: {
              invoke: {
                src: "saveResult",
                input: ({ context }) => {
                  const member = context.members.find((entry) => entry.id === context.savingResult?.memberId);
                  return {
                    sid: member?.Subscriber_ID ?? "",
                    Result: context.savingResult?.result ?? "",
                    patnum: member?.PatNum ?? "",
                    practice: member?.practiceId ?? 0,
                    addLocation: "callCenter" as const,
                  };
                },
                /** The saved result stays shown until the reloaded list has it. */
                onDone: "loading",
                onError: {
                  target: "ready",
                  actions: [
                    assign({ savingResult: null }),
                    { type: "reportFailure", params: ({ event }) => ({ failure: toFailure(event.error) }) },
                  ],
                },
              },
            },
            failed: {
              on: { "members.retry": "loading" },
            },
          },
        },
        search: {
          initial: "idle",
          on: {
            "members.search.change": {
              target: ".debouncing",
              actions: assign({ searchText: ({ event }) => event.text }),
            },
          },
          states: {
            idle: {},
            /** Restarted by every keystroke; 750 ms of quiet applies the trimmed text. */
            debouncing: {
              after: { searchDebounce: { target: "idle", actions: raise({ type: "members.search.apply" }) } },
            },
          },
        },
        dialog: {
          initial: "closed",
          states: {
            closed: {
              on: {
                "members.notes.open": { target: "notes", actions: assign({ dialogMember: ({ event }) => event.member }) },
                "members.history.open": { target: "history", actions: assign({ dialogMember: ({ event }) => event.member }) },
                "members.crons.open": "crons",
              },
            },
            notes: {
              on: { "members.dialog.close": "closed" },
              invoke: {
                id: "notes",
                src: "notesDialog",
                input: ({ context }) => ({ member: memberKey(context.dialogMember!) }),
                onDone: { target: "closed", actions: raise({ type: "members.reload" }) },
              },
            },
            history: {
              on: { "members.dialog.close": "closed" },
              invoke: {
                id: "history",
                src: "historyDialog",
                input: ({ context }) => ({ query: memberKey(context.dialogMember!) }),
              },
            },
            crons: {
              on: { "members.dialog.close": "closed" },
              invoke: { id: "crons", src: "cronsDialog", input: { query: null } },
            },
          },
        },
      },
    },
  },
});
