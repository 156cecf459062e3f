// The members worklist (§2 Members list; §4 transitions; §6 default practices; §9 constants): the
// filters restored from the URL query, the memberFilters cookie or the user's defaults; the list
// loaded page by page with the server's sort; search debounced 750 ms; a result saved then the list
// reloaded; and the notes, results-history and crons dialogs as child machines. As a team
// (docs/architecture.md, Agents as a team): the member the agent works is claimed while they stay
// on it; a save sends the version the agent saw, asks first when someone else is calling the member,
// and shows a save that landed since with Keep theirs / Save mine; the live event stream (a child
// machine) updates rows in place, refreshes the count, and reloads the page after a reconnect.
// Effects are named here and provided by src/app/services.ts.
import { and, assign, emit, enqueueActions, fromCallback, not, raise, sendTo, setup, stateIn } from "xstate";
import { notProvided } from "../notProvided";
import { serverNow } from "../../api/serverClock";
import { type ApiFailure, toFailure } from "../../api/errors";
import type { components } from "../../../contract/schema";
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
import { liveEventsMachine, type LiveEvent, type LiveEventsEvent, type LiveListEvent } from "../liveEvents/liveEvents.machine";
import {
  applyLiveEvent,
  claimOfOther,
  dropExpiredClaims,
  dropOwnClaim,
  holderName,
  setClaim,
  untilNextExpiry,
  type CurrentResult,
  type MemberClaim,
} from "./team";
import { CLAIM_RENEW_MS, COUNT_REFRESH_DEBOUNCE_MS } from "../../lib/constants";

type Schemas = components["schemas"];
export type MembersTableData = Schemas["MembersTableData"];
export type SaveResultRequest = Schemas["SaveResultRequest"];
/** A saved result's new version, or the result someone else saved after the version sent (409). */
export type SaveResultOutcome = { version: number } | { conflict: CurrentResult };

/** What the claim holder reports: the member's claim (the agent's own, or the colleague's who holds it). */
export type ClaimReport = { type: "members.claim.report"; claim: MemberClaim };
/** What the members machine tells the claim holder: renew now, or the server has ended the claim (a save). */
export type ClaimCommand = { type: "claim.renew" } | { type: "claim.ended" };

/** A save refused because another landed since: the agent's result and the member's now. */
export interface ResultConflict {
  mine: MemberResult;
  current: CurrentResult;
}

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
  /** The member whose result is being saved, the result, and the version the agent saw. */
  savingResult: { memberId: number; result: MemberResult; version: number } | null;
  /** A save waiting for "Save anyway?": someone else is calling the member. */
  confirming: { memberId: number; result: MemberResult; claimedBy: string } | null;
  /** Saves refused because another landed since, by member id. */
  conflicts: Record<number, ResultConflict>;
  /** The member the agent is working (claimed for them), or null. */
  working: number | null;
  /** Live events that came while the page was loading, applied again to what it loads. */
  sinceLoad: LiveEvent[];
  /** The stream asked for a reload while a save was being confirmed or made: it follows. */
  resyncPending: boolean;
  /** The member whose notes or results history is open. */
  dialogMember: Member | null;
  failure: ApiFailure | null;
  /** What the opening link named that the list does not know (its filters were then dropped). */
  unknownInLink: string[];
}

/** Told to whoever listens (the keyboard work mode): a result of the member was saved. */
export type MembersEmitted = { type: "members.result.saved"; memberId: number };

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
  | { type: "members.dialog.close" }
  /** The agent started working a member: opened its result selector or pressed its call action. */
  | { type: "members.work.start"; member: Member }
  /** The agent started a call from the member's phone link: recorded, and the member is worked. */
  | { type: "members.call.start"; member: Member }
  /** The agent's focus left the member's row. */
  | { type: "members.work.leave"; memberId: number }
  | { type: "members.save.confirm" }
  | { type: "members.save.cancel" }
  | { type: "members.conflict.keepTheirs"; memberId: number }
  | { type: "members.conflict.saveMine"; memberId: number }
  | ClaimReport
  | LiveListEvent
  | { type: "members.claims.changed" }
  | { type: "members.count.stale" }
  | { type: "members.count.stale.cancel" };

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

/** The member's version as the agent sees it on the page. */
const versionOf = (context: MembersContext, memberId: number) =>
  context.members.find((member) => member.id === memberId)?.version ?? 1;

const withoutConflict = (conflicts: Record<number, ResultConflict>, memberId: number) =>
  Object.fromEntries(Object.entries(conflicts).filter(([id]) => Number(id) !== memberId));

const UNSORTED: MemberSort = { column: null, sameColumn: false };
/** §4: a filter change resets paging and the sort flags. */
const RESET_PAGING = { pageNum: 1, sort: UNSORTED };

export const membersMachine = setup({
  types: {
    input: {} as MembersInput,
    context: {} as MembersContext,
    events: {} as MembersEvent,
    emitted: {} as MembersEmitted,
  },
  actors: {
    /** The URL query (practice, status, brand) and the memberFilters cookie. */
    readSavedFilters: notProvided<SavedFilters>("readSavedFilters"),
    /** The practices the user works, the dentists, and the user's saved setup (GET /userSetup). */
    loadOptions: notProvided<MemberOptions, { userId: number }>("loadOptions"),
    loadMembers: notProvided<MembersTableData, MembersQuery>("loadMembers"),
    saveResult: notProvided<SaveResultOutcome, SaveResultRequest>("saveResult"),
    /**
     * Claims the member when started and on each `claim.renew`, reports the claim, and releases it
     * when stopped unless the server has ended it (`claim.ended`) or a colleague holds it.
     */
    /** Records a call start (POST /Members/calls); nothing waits for it. */
    recordCallStart: notProvided<void, { memberId: number }>("recordCallStart"),
    holdClaim: fromCallback<ClaimCommand, { memberId: number }>(() => {
      throw new Error("holdClaim is not provided");
    }),
    liveEvents: liveEventsMachine,
    notesDialog: notesMachine,
    historyDialog: listDialogMachine,
    cronsDialog: listDialogMachine,
  },
  actions: {
    /** Mirrors the filters into the URL query and the memberFilters cookie (30 days). */
    persistFilters: (_, _params: { filters: MemberFilters; pageSize: PageSize }) => {},
    /** The generic error handler (§8): an ended session logs out, anything else becomes the alert. */
    reportFailure: (_, _params: { failure: ApiFailure }) => {},
    /** The member's row has changed: its claim may have too, and the claims' timer is reset. */
    claimsChanged: raise({ type: "members.claims.changed" }),
    /** A save of the member ends the agent's claim on it on the server: the holder must not release it. */
    claimEndedBySave: enqueueActions(({ context, enqueue }, params: { memberId: number }) => {
      if (context.working !== params.memberId) return;
      enqueue.sendTo("claim", { type: "claim.ended" } satisfies ClaimCommand);
      enqueue.assign({ working: null, members: dropOwnClaim(context.members, params.memberId, context.userId) });
    }),
    /** The agent moves on from the member they worked: their claim on it goes from the row (the holder releases it). */
    moveOn: assign(({ context, event }) => ({
      members: context.working === null ? context.members : dropOwnClaim(context.members, context.working, context.userId),
      working: event.type === "members.work.start" || event.type === "members.notes.open" ? event.member.id : null,
    })),
    /** The notes dialog learns whether someone else is calling its member. */
    tellNotesTheClaim: enqueueActions(({ context, enqueue, self }) => {
      if (!context.dialogMember || !self.getSnapshot().children.notes) return;
      const member = context.members.find((entry) => entry.id === context.dialogMember!.id);
      const claim = claimOfOther(member, context.userId, serverNow());
      enqueue.sendTo("notes", { type: "notes.claim.change", claimedBy: claim && holderName(claim) });
    }),
  },
  guards: {
    searchChanged: ({ context }) => context.searchText.trim() !== context.search,
    isPageInRange: ({ context }, params: { pageNum: number }) =>
      Number.isInteger(params.pageNum) &&
      params.pageNum >= 1 &&
      params.pageNum <= Math.max(1, Math.ceil(context.totalCount / context.pageSize)),
    isPageSize: (_, params: { pageSize: number }) => (PAGE_SIZES as readonly number[]).includes(params.pageSize),
    claimedByOther: ({ context }, params: { memberId: number }) =>
      claimOfOther(context.members.find((member) => member.id === params.memberId), context.userId, serverNow()) !== null,
    anyClaim: ({ context }) => untilNextExpiry(context.members, serverNow()) !== null,
    /** A save can change which members a result filter matches, and so the count. */
    countMayChange: ({ context }, params: { event: LiveEvent }) => params.event.event === "member" && context.filters.result !== ALL,
    hasConflict: ({ context }, params: { memberId: number }) => params.memberId in context.conflicts,
  },
  delays: {
    /** §9 Search debounce, members list. */
    searchDebounce: MEMBER_SEARCH_DEBOUNCE_MS,
    claimRenew: CLAIM_RENEW_MS,
    /** Until the first claim on the page runs out. */
    nextClaimExpiry: ({ context }) => untilNextExpiry(context.members, serverNow()) ?? 0,
    countRefresh: COUNT_REFRESH_DEBOUNCE_MS,
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
    confirming: null,
    conflicts: {},
    working: null,
    sinceLoad: [],
    resyncPending: false,
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
                ...(context.saved.search ? { searchText: context.saved.search, search: context.saved.search.trim() } : {}),
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
      invoke: { id: "live", src: "liveEvents" },
      on: {
        "members.call.start": {
          actions: enqueueActions(({ event, enqueue }) => {
            enqueue.spawnChild("recordCallStart", { input: { memberId: event.member.id } });
            enqueue.raise({ type: "members.work.start", member: event.member });
          }),
        },
        "live.event": {
          actions: enqueueActions(({ context, event, enqueue, check }) => {
            enqueue.assign({
              members: applyLiveEvent(context.members, event.event),
              sinceLoad: check(stateIn("#members.active.list.loading")) ? [...context.sinceLoad, event.event] : context.sinceLoad,
            });
            enqueue("claimsChanged");
            enqueue("tellNotesTheClaim");
            if (check({ type: "countMayChange", params: { event: event.event } })) enqueue.raise({ type: "members.count.stale" });
          }),
        },
        "members.claim.report": {
          actions: [assign({ members: ({ context, event }) => setClaim(context.members, event.claim) }), "claimsChanged", "tellNotesTheClaim"],
        },
      },
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
            /** The stream reconnected: what changed meanwhile was not sent, so the page is read again. */
            "live.resync": { target: ".loading" },
          },
          states: {
            loading: {
              entry: [assign({ failure: null, sinceLoad: [], confirming: null, resyncPending: false }), raise({ type: "members.count.stale.cancel" })],
              invoke: {
                src: "loadMembers",
                input: ({ context }) => membersQuery(context),
                onDone: {
                  target: "ready",
                  actions: [
                    assign(({ context, event }) => {
                      const members = context.sinceLoad.reduce(applyLiveEvent, event.output.members);
                      const shown = new Set(members.map((member) => member.id));
                      const conflicts = Object.fromEntries(Object.entries(context.conflicts).filter(([id]) => shown.has(Number(id))));
                      return { members, conflicts, totalCount: event.output.total_count, savingResult: null, sinceLoad: [] };
                    }),
                    sendTo("live", { type: "live.resynced" } satisfies LiveEventsEvent),
                    "claimsChanged",
                    "tellNotesTheClaim",
                    // The member the agent worked is no longer on the page (another page, filter or sort): they moved on.
                    enqueueActions(({ context, enqueue }) => {
                      if (context.working !== null && !context.members.some((member) => member.id === context.working)) {
                        enqueue.raise({ type: "members.work.leave", memberId: context.working });
                      }
                    }),
                  ],
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
              always: { guard: ({ context }) => context.resyncPending, target: "loading" },
              on: {
                "members.result.save": [
                  {
                    guard: { type: "claimedByOther", params: ({ event }) => ({ memberId: event.member.id }) },
                    target: "confirming",
                    actions: assign({
                      confirming: ({ context, event }) => {
                        const claim = claimOfOther(context.members.find((member) => member.id === event.member.id), context.userId, serverNow());
                        return { memberId: event.member.id, result: event.result, claimedBy: claim ? holderName(claim) : "" };
                      },
                    }),
                  },
                  {
                    target: "saving",
                    actions: assign({
                      savingResult: ({ context, event }) => ({ memberId: event.member.id, result: event.result, version: versionOf(context, event.member.id) }),
                    }),
                  },
                ],
                "members.conflict.keepTheirs": {
                  guard: { type: "hasConflict", params: ({ event }) => ({ memberId: event.memberId }) },
                  actions: assign({ conflicts: ({ context, event }) => withoutConflict(context.conflicts, event.memberId) }),
                },
                /** Save mine: the agent's result again, on the version that refused it. */
                "members.conflict.saveMine": {
                  guard: { type: "hasConflict", params: ({ event }) => ({ memberId: event.memberId }) },
                  target: "saving",
                  actions: assign(({ context, event }) => {
                    const { mine, current } = context.conflicts[event.memberId]!;
                    return {
                      savingResult: { memberId: event.memberId, result: mine, version: current.version },
                      conflicts: withoutConflict(context.conflicts, event.memberId),
                    };
                  }),
                },
              },
            },
            /** "Marcus Reed is calling this member. Save anyway?" */
            confirming: {
              on: {
                "members.save.confirm": {
                  target: "saving",
                  actions: assign(({ context }) => ({
                    savingResult: { ...context.confirming!, version: versionOf(context, context.confirming!.memberId) },
                    confirming: null,
                  })),
                },
                "members.save.cancel": { target: "ready", actions: assign({ confirming: null }) },
                // The page is read again once the agent has chosen.
                "live.resync": { actions: assign({ resyncPending: true }) },
              },
            },
            /** §4: changing a result saves it and reloads the list. */
            saving: {
              on: { "live.resync": { actions: assign({ resyncPending: true }) } },
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
                    version: context.savingResult?.version,
                  };
                },
                onDone: [
                  {
                    guard: ({ event }) => "conflict" in event.output,
                    target: "ready",
                    actions: assign(({ context, event }) => {
                      const current = (event.output as { conflict: CurrentResult }).conflict;
                      const { memberId, result } = context.savingResult!;
                      return {
                        members: context.members.map((member) =>
                          member.id === memberId ? { ...member, Result: current.Result, version: Math.max(member.version, current.version) } : member,
                        ),
                        conflicts: { ...context.conflicts, [memberId]: { mine: result, current } },
                        savingResult: null,
                      };
                    }),
                  },
                  /** The saved result stays shown until the reloaded list has it. */
                  {
                    target: "loading",
                    actions: [
                      { type: "claimEndedBySave", params: ({ context }) => ({ memberId: context.savingResult!.memberId }) },
                      emit(({ context }): MembersEmitted => ({ type: "members.result.saved", memberId: context.savingResult!.memberId })),
                    ],
                  },
                ],
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
                input: ({ context }) => {
                  const member = context.dialogMember!;
                  const claim = claimOfOther(context.members.find((entry) => entry.id === member.id), context.userId, serverNow());
                  return { member: memberKey(member), version: member.version, claimedBy: claim && holderName(claim) };
                },
                onDone: {
                  target: "closed",
                  actions: [
                    { type: "claimEndedBySave", params: ({ context }) => ({ memberId: context.dialogMember!.id }) },
                    raise({ type: "members.reload" }),
                  ],
                },
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
        /** The agent's own claim on the member they work: held, renewed, released when they move on. */
        claim: {
          initial: "idle",
          states: {
            idle: {
              on: {
                "members.work.start": { target: "holding", actions: assign({ working: ({ event }) => event.member.id }) },
                "members.notes.open": { target: "holding", actions: assign({ working: ({ event }) => event.member.id }) },
              },
            },
            holding: {
              invoke: { id: "claim", src: "holdClaim", input: ({ context }) => ({ memberId: context.working! }) },
              // A save of the member ended the claim (claimEndedBySave).
              always: { guard: ({ context }) => context.working === null, target: "idle" },
              initial: "held",
              states: {
                held: {
                  after: { claimRenew: { target: "held", reenter: true, actions: sendTo("claim", { type: "claim.renew" } satisfies ClaimCommand) } },
                },
              },
              on: {
                "members.work.start": {
                  guard: ({ context, event }) => context.working !== event.member.id,
                  target: "holding",
                  reenter: true,
                  actions: "moveOn",
                },
                "members.notes.open": {
                  guard: ({ context, event }) => context.working !== event.member.id,
                  target: "holding",
                  reenter: true,
                  actions: "moveOn",
                },
                // Focus moving into the member's own dialog is not leaving it.
                "members.work.leave": {
                  guard: and([({ context, event }) => context.working === event.memberId, stateIn("#members.active.dialog.closed")]),
                  target: "idle",
                  actions: "moveOn",
                },
              },
            },
          },
        },
        /** Claims run out without an event: each is dropped at its expiresAt. */
        claimExpiry: {
          initial: "checking",
          states: {
            checking: { always: [{ guard: "anyClaim", target: "waiting" }, { target: "idle" }] },
            idle: { on: { "members.claims.changed": "checking" } },
            waiting: {
              on: { "members.claims.changed": "checking" },
              after: {
                nextClaimExpiry: {
                  target: "checking",
                  actions: [assign({ members: ({ context }) => dropExpiredClaims(context.members, serverNow()) }), "tellNotesTheClaim"],
                },
              },
            },
          },
        },
        /** Colleagues' saves can change how many members a result filter matches: the count is read again. */
        counts: {
          initial: "idle",
          on: { "members.count.stale.cancel": ".idle" },
          states: {
            idle: { on: { "members.count.stale": "waiting" } },
            waiting: { after: { countRefresh: "counting" } },
            counting: {
              on: { "members.count.stale": "waiting" },
              invoke: {
                src: "loadMembers",
                input: ({ context }) => ({ ...membersQuery(context), pageNum: 1, pageSize: PAGE_SIZES[0] }),
                onDone: { target: "idle", actions: assign({ totalCount: ({ event }) => event.output.total_count }) },
                onError: "idle",
              },
            },
          },
        },
      },
    },
  },
});
