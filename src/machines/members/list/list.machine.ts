// The members list (§2; §4 transitions; §6 default practices; §9 constants): filters restored from
// the URL query, the memberFilters cookie or the user's defaults; pages loaded with the server's
// sort; search debounced 750 ms. The live event stream (a child machine) updates rows in place,
// refreshes the count and reloads after a reconnect; expired claims are dropped. The rows are the
// list's alone: the parts beside it change them by events and hear of each page through what it
// emits (docs/architecture.md, Agents as a team). Effects are named here and provided by src/app.
import { and, assign, emit, enqueueActions, not, raise, sendTo, setup, stateIn } from "xstate";
import { notProvided } from "../../notProvided";
import { serverNow } from "../../../api/serverClock";
import { type ApiFailure, toFailure } from "../../../api/errors";
import { COUNT_REFRESH_DEBOUNCE_MS, MEMBER_SEARCH_DEBOUNCE_MS, PAGE_SIZES, type PageSize } from "../../../lib/constants";
import { ALL, changeFilters, NO_FILTERS, type MemberFilters, type SavedFilters } from "../members.filters";
import { countQuery, FIRST_PAGE, membersQuery, UNSORTED, type MembersQuery } from "../members.query";
import { liveEventsMachine, type LiveEvent, type LiveEventsEvent } from "../../liveEvents/liveEvents.machine";
import { applyLiveEvent, dropExpiredClaims, dropOwnClaim, setClaim, untilNextExpiry } from "../team";
import { openingView } from "./list.opening";
import { loadedPage, pageTurn, refusedCursor } from "./list.paging";
import type { ListContext, ListEmitted, ListEvent, ListInput, MemberOptions, MembersTableData } from "./list.types";

/** §4: a filter change resets paging and the sort flags. */
const RESET_PAGING = { ...FIRST_PAGE, sort: UNSORTED };

export const membersListMachine = setup({
  types: {
    input: {} as ListInput,
    context: {} as ListContext,
    events: {} as ListEvent,
    emitted: {} as ListEmitted,
  },
  actors: {
    /** The URL query (practice, status, brand) and the memberFilters cookie. */
    readSavedFilters: notProvided<SavedFilters>("readSavedFilters"),
    /** The practices the user works, the dentists, and the user's saved setup (GET /userSetup). */
    loadOptions: notProvided<MemberOptions, { userId: number }>("loadOptions"),
    loadMembers: notProvided<MembersTableData, MembersQuery>("loadMembers"),
    liveEvents: liveEventsMachine,
  },
  actions: {
    /** Mirrors the filters into the URL query and the memberFilters cookie (30 days). */
    persistFilters: (_, _params: { filters: MemberFilters; pageSize: PageSize }) => {},
    /** The generic error handler (§8): an ended session logs out, anything else becomes the alert. */
    reportFailure: (_, _params: { failure: ApiFailure }) => {},
    /** A row's claim has changed: the claims' timer is set again. */
    claimsChanged: raise({ type: "members.claims.changed" }),
  },
  guards: {
    searchChanged: ({ context }) => context.searchText.trim() !== context.search,
    isPageInRange: ({ context }, params: { pageNum: number }) =>
      Number.isInteger(params.pageNum) &&
      params.pageNum >= 1 &&
      params.pageNum <= Math.max(1, Math.ceil((context.totalCount ?? 0) / context.pageSize)),
    isPageSize: (_, params: { pageSize: number }) => (PAGE_SIZES as readonly number[]).includes(params.pageSize),
    held: ({ context }) => context.held,
    /** The server refused the page's cursor: the page is read again by its number. */
    cursorRefused: ({ context, event }) => context.cursor !== null && refusedCursor((event as { error?: unknown }).error),
    searchChangedWhileHeld: and(["searchChanged", "held"]),
    reloadPending: ({ context }) => context.reloadPending,
    anyClaim: ({ context }) => untilNextExpiry(context.members, serverNow()) !== null,
    /** A save can change which members a result filter matches, and so the count. */
    countMayChange: ({ context }, params: { event: LiveEvent }) => params.event.event === "member" && context.filters.result !== ALL,
  },
  delays: {
    /** §9 Search debounce, members list. */
    searchDebounce: MEMBER_SEARCH_DEBOUNCE_MS,
    /** Until the first claim on the page runs out. */
    nextClaimExpiry: ({ context }) => untilNextExpiry(context.members, serverNow()) ?? 0,
    countRefresh: COUNT_REFRESH_DEBOUNCE_MS,
  },
}).createMachine({
  id: "membersList",
  context: ({ input }) => ({
    ...input,
    saved: { url: {}, cookie: {}, unknown: [] },
    practices: [],
    dentists: [],
    filters: NO_FILTERS,
    searchText: "",
    search: "",
    ...FIRST_PAGE,
    pageSize: PAGE_SIZES[0],
    sort: UNSORTED,
    members: [],
    totalCount: null,
    cursors: {},
    sinceLoad: [],
    held: false,
    reloadPending: false,
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
            assign(({ context, event }) => openingView(context, context.saved, event.output, context.pageSize)),
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
        "live.event": {
          actions: enqueueActions(({ context, event, enqueue, check }) => {
            enqueue.assign({
              members: applyLiveEvent(context.members, event.event),
              sinceLoad: check(stateIn("#membersList.active.page.loading")) ? [...context.sinceLoad, event.event] : context.sinceLoad,
            });
            enqueue("claimsChanged");
            enqueue.emit({ type: "members.live", event: event.event });
            if (check({ type: "countMayChange", params: { event: event.event } })) enqueue.raise({ type: "members.count.stale" });
          }),
        },
        "members.claim.report": {
          actions: [assign({ members: ({ context, event }) => setClaim(context.members, event.claim) }), "claimsChanged"],
        },
        "members.claim.drop": {
          actions: [assign({ members: ({ context, event }) => dropOwnClaim(context.members, event.memberId, context.userId) }), "claimsChanged"],
        },
        "members.result.current": {
          actions: assign({
            members: ({ context, event: { memberId, current } }) =>
              context.members.map((member) =>
                member.id === memberId ? { ...member, Result: current.Result, version: Math.max(member.version, current.version) } : member,
              ),
          }),
        },
        "members.list.hold": { actions: assign({ held: true }) },
      },
      states: {
        page: {
          initial: "loading",
          on: {
            "members.filter.change": {
              guard: not("held"),
              target: ".loading",
              actions: [
                assign(({ context, event }) => ({ filters: changeFilters(context.filters, event.change), ...RESET_PAGING })),
                { type: "persistFilters", params: ({ context }) => ({ filters: context.filters, pageSize: context.pageSize }) },
              ],
            },
            /** The debounce ended: while the page is held (a save asked about), the search waits for the release. */
            "members.search.apply": [
              { guard: "searchChangedWhileHeld", actions: assign({ reloadPending: true }) },
              { guard: "searchChanged", target: ".loading", actions: assign(({ context }) => ({ search: context.searchText.trim(), ...RESET_PAGING })) },
            ],
            "members.page.change": {
              guard: { type: "isPageInRange", params: ({ event }) => ({ pageNum: event.pageNum }) },
              target: ".loading",
              actions: assign(({ context, event }) => pageTurn(context, event.pageNum)),
            },
            "members.pageSize.change": {
              guard: { type: "isPageSize", params: ({ event }) => ({ pageSize: event.pageSize }) },
              target: ".loading",
              actions: [
                assign(({ event }) => ({ pageSize: event.pageSize, ...FIRST_PAGE })),
                { type: "persistFilters", params: ({ context }) => ({ filters: context.filters, pageSize: context.pageSize }) },
              ],
            },
            "members.sort.toggle": {
              target: ".loading",
              actions: assign({
                ...FIRST_PAGE,
                sort: ({ context, event }) =>
                  context.sort.column === event.column
                    ? { column: event.column, sameColumn: !context.sort.sameColumn }
                    : { column: event.column, sameColumn: false },
              }),
            },
            // Reloads the agent did not ask for (a save or a note written, the stream reconnected, a
            // search's late debounce) never take a held page from under the question asked on it
            // ("Save anyway?"): they wait for the release, and one reload then does for all of them.
            "members.reload": [{ guard: "held", actions: assign({ reloadPending: true }) }, { target: ".loading" }],
            /** The stream reconnected: what changed meanwhile was not sent, so the page is read again. */
            "live.resync": [
              { guard: "held", actions: [assign({ reloadPending: true }), emit({ type: "members.live.resync" } satisfies ListEmitted)] },
              { target: ".loading", actions: emit({ type: "members.live.resync" } satisfies ListEmitted) },
            ],
            "members.list.release": [
              {
                guard: "reloadPending",
                target: ".loading",
                actions: assign(({ context }) => ({
                  held: false,
                  ...(context.searchText.trim() !== context.search ? { search: context.searchText.trim(), ...RESET_PAGING } : {}),
                })),
              },
              { actions: assign({ held: false }) },
            ],
          },
          states: {
            loading: {
              entry: [
                assign({ failure: null, sinceLoad: [], reloadPending: false }),
                raise({ type: "members.count.stale.cancel" }),
                emit({ type: "members.page.loading" } satisfies ListEmitted),
              ],
              invoke: {
                src: "loadMembers",
                input: ({ context }) => membersQuery(context),
                onDone: {
                  target: "ready",
                  actions: [
                    assign(({ context, event }) => loadedPage(context, event.output)),
                    sendTo("live", { type: "live.resynced" } satisfies LiveEventsEvent),
                    "claimsChanged",
                    emit(({ context }): ListEmitted => ({ type: "members.page.loaded", members: context.members })),
                  ],
                },
                onError: [
                  { guard: "cursorRefused", target: "loading", reenter: true, actions: assign({ cursor: null }) },
                  {
                    target: "failed",
                    actions: [
                      assign({ failure: ({ event }) => toFailure(event.error, "The members list could not be loaded.") }),
                      { type: "reportFailure", params: ({ event }) => ({ failure: toFailure(event.error) }) },
                      emit({ type: "members.page.failed" } satisfies ListEmitted),
                    ],
                  },
                ],
              },
            },
            ready: {},
            failed: { on: { "members.retry": "loading" } },
          },
        },
        search: {
          initial: "idle",
          on: {
            "members.search.change": { target: ".debouncing", actions: assign({ searchText: ({ event }) => event.text }) },
          },
          states: {
            idle: {},
            /** Restarted by every keystroke; 750 ms of quiet applies the trimmed text. */
            debouncing: {
              after: { searchDebounce: { target: "idle", actions: raise({ type: "members.search.apply" }) } },
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
                nextClaimExpiry: { target: "checking", actions: assign({ members: ({ context }) => dropExpiredClaims(context.members, serverNow()) }) },
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
                input: ({ context }) => countQuery(context),
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
