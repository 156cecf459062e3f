// §2 Call Recordings: filters campaign, date range and text search; a page of recordings with a
// page size and pagination; Download opens the returned link in a new tab. Opened from another
// screen on one member's or one agent's recordings, it keeps to them until told to show every one. §5: a date range needs
// two dates, and opening the calendar clears the previous range. §8: a failed directory or
// campaign call is swallowed (an empty result); a failed download goes to the error handler.
// Recordings the phone system's import adds while the page is open arrive as `recordings` events
// of the live stream (a child liveEvents machine): the page reloads what it shows, and does so
// again after the stream comes back, since nothing sent while it was away is replayed.
import { assign, raise, sendTo, setup } from "xstate";
import { liveEventsMachine, type LiveEventsEvent, type LiveListEvent } from "../liveEvents/liveEvents.machine";
import type { RecordingsEvent } from "../../../domain/team/events.ts";
import { notProvided } from "../notProvided";
import { type ApiFailure, toFailure } from "../../api/errors";
import type { components } from "../../../contract/schema";
import { PAGE_SIZES, type PageSize } from "../../lib/constants";

type Schemas = components["schemas"];
export type CallRecording = Schemas["CallRecording"];
export type CallCampaign = Schemas["CallCampaign"];
export type CallDirectory = Schemas["CallDirectory"];

/** The directory call's query (openapi.yaml getCallDirectoryList). */
export interface DirectoryQuery {
  campaign: string;
  dates?: string;
  activePage: number;
  selectedPageSize: PageSize;
  search: string;
  memberId?: number;
  agent?: string;
}

export const ALL_CAMPAIGNS = "all";

/** Whose recordings the page keeps to, and the name it says they are of. */
export type RecordingsOf = { kind: "member"; memberId: number; label: string } | { kind: "agent"; email: string; label: string };

export interface CallRecordingsContext {
  campaigns: CallCampaign[];
  campaign: string;
  /** The dates picked in the open calendar (YYYY-MM-DD). */
  picked: { start: string | null; end: string | null };
  /** The applied range, both dates included. */
  range: { start: string; end: string } | null;
  searchDraft: string;
  search: string;
  /** One member's or one agent's recordings only; null: everyone's. */
  of: RecordingsOf | null;
  page: number;
  pageSize: PageSize;
  directory: CallDirectory;
}

export type CallRecordingsEvent =
  | { type: "callRecordings.campaign.change"; campaign: string }
  | { type: "callRecordings.calendar.open" }
  | { type: "callRecordings.calendar.pick"; bound: "start" | "end"; date: string }
  | { type: "callRecordings.calendar.close" }
  | { type: "callRecordings.search.change"; value: string }
  | { type: "callRecordings.search.submit" }
  | { type: "callRecordings.page.change"; page: number }
  | { type: "callRecordings.pageSize.change"; pageSize: PageSize }
  | { type: "callRecordings.download"; recording: CallRecording }
  /** Shows every recording again, not only one member's or agent's. */
  | { type: "callRecordings.of.clear" }
  /** Raised by the calendar when the applied range changes. */
  | { type: "callRecordings.directory.reload" }
  | LiveListEvent<{ event: "recordings"; data: RecordingsEvent }>;

const EMPTY: CallDirectory = { count: 0, rows: [] };

/** The message of a failure that carries none. */
const DOWNLOAD_FAILED = "The recording could not be downloaded.";

export const directoryQuery = (context: CallRecordingsContext): DirectoryQuery => ({
  campaign: context.campaign,
  ...(context.range ? { dates: `${context.range.start},${context.range.end}` } : {}),
  activePage: context.page,
  selectedPageSize: context.pageSize,
  search: context.search,
  ...(context.of?.kind === "member" ? { memberId: context.of.memberId } : {}),
  ...(context.of?.kind === "agent" ? { agent: context.of.email } : {}),
});

export const callRecordingsMachine = setup({
  types: {
    context: {} as CallRecordingsContext,
    events: {} as CallRecordingsEvent,
    /** Whose recordings the page opens on (a link from another screen); absent: everyone's. */
    input: {} as { of?: RecordingsOf | null },
  },
  actors: {
    loadCampaigns: notProvided<CallCampaign[]>("loadCampaigns"),
    loadDirectory: notProvided<CallDirectory, DirectoryQuery>("loadDirectory"),
    /** The signed link of one recording, saved as `title`. */
    requestDownload: notProvided<string, { key: string; title: string }>("requestDownload"),
    /** The live stream, reading `recordings` events. */
    liveEvents: liveEventsMachine,
  },
  actions: {
    openInNewTab: (_, _params: { url: string }) => {},
    reportFailure: (_, _params: { failure: ApiFailure }) => {},
    reloadDirectory: raise({ type: "callRecordings.directory.reload" }),
    resynced: sendTo("live", { type: "live.resynced" } satisfies LiveEventsEvent),
  },
  guards: {
    hadRange: ({ context }) => context.range !== null,
    completesRange: ({ context, event }) => {
      if (event.type !== "callRecordings.calendar.pick") return false;
      const picked = { ...context.picked, [event.bound]: event.date };
      return picked.start !== null && picked.end !== null;
    },
    isKnownPageSize: ({ event }) =>
      event.type === "callRecordings.pageSize.change" && (PAGE_SIZES as readonly number[]).includes(event.pageSize),
  },
}).createMachine({
  id: "callRecordings",
  context: ({ input }) => ({
    campaigns: [],
    campaign: ALL_CAMPAIGNS,
    picked: { start: null, end: null },
    range: null,
    searchDraft: "",
    search: "",
    of: input?.of ?? null,
    page: 1,
    pageSize: PAGE_SIZES[0],
    directory: EMPTY,
  }),
  type: "parallel",
  invoke: { id: "live", src: "liveEvents" },
  states: {
    campaigns: {
      initial: "loading",
      // New recordings change the campaigns' counts (and may bring a campaign).
      on: { "live.event": ".loading", "live.resync": ".loading" },
      states: {
        loading: {
          invoke: {
            src: "loadCampaigns",
            onDone: { target: "loaded", actions: assign({ campaigns: ({ event }) => event.output }) },
            onError: { target: "loaded", actions: assign({ campaigns: [] }) },
          },
        },
        loaded: {},
      },
    },
    directory: {
      initial: "loading",
      // Each transition here targets ".loading" without `reenter`: the load under way is left and
      // a new one starts, and only this region moves. With `reenter: true` the transition's domain
      // would be the parallel root, restarting every region: the campaigns were fetched again and
      // the calendar that had just opened went back to closed.
      on: {
        "callRecordings.campaign.change": {
          target: ".loading",
          actions: assign({ campaign: ({ event }) => event.campaign, page: 1 }),
        },
        "callRecordings.directory.reload": { target: ".loading" },
        "callRecordings.of.clear": { target: ".loading", actions: assign({ of: null, page: 1 }) },
        "live.event": { target: ".loading" },
        // The reload starts after the stream opened again: whatever it missed is in what loads.
        "live.resync": { target: ".loading", actions: "resynced" },
        "callRecordings.search.change": { actions: assign({ searchDraft: ({ event }) => event.value }) },
        "callRecordings.search.submit": {
          target: ".loading",
          actions: assign({ search: ({ context }) => context.searchDraft.trim(), page: 1 }),
        },
        "callRecordings.page.change": {
          target: ".loading",
          actions: assign({ page: ({ event }) => event.page }),
        },
        "callRecordings.pageSize.change": {
          guard: "isKnownPageSize",
          target: ".loading",
          actions: assign({ pageSize: ({ event }) => event.pageSize, page: 1 }),
        },
      },
      states: {
        loading: {
          invoke: {
            src: "loadDirectory",
            input: ({ context }) => directoryQuery(context),
            onDone: { target: "ready", actions: assign({ directory: ({ event }) => event.output }) },
            onError: { target: "ready", actions: assign({ directory: EMPTY }) },
          },
        },
        ready: {},
      },
    },
    calendar: {
      initial: "closed",
      states: {
        closed: {
          on: {
            "callRecordings.calendar.open": [
              {
                guard: "hadRange",
                target: "open",
                // The cleared range is a changed filter: the list shows every date again.
                actions: [assign({ range: null, picked: { start: null, end: null }, page: 1 }), "reloadDirectory"],
              },
              { target: "open", actions: assign({ picked: { start: null, end: null } }) },
            ],
          },
        },
        open: {
          on: {
            "callRecordings.calendar.pick": [
              {
                guard: "completesRange",
                target: "closed",
                actions: [
                  assign(({ context, event }) => {
                    const picked = { ...context.picked, [event.bound]: event.date } as { start: string; end: string };
                    const [start, end] = [picked.start, picked.end].sort();
                    return { picked, range: { start: start!, end: end! }, page: 1 };
                  }),
                  "reloadDirectory",
                ],
              },
              { actions: assign({ picked: ({ context, event }) => ({ ...context.picked, [event.bound]: event.date }) }) },
            ],
            "callRecordings.calendar.close": "closed",
          },
        },
      },
    },
    download: {
      initial: "idle",
      states: {
        idle: { on: { "callRecordings.download": "requesting" } },
        requesting: {
          invoke: {
            src: "requestDownload",
            input: ({ event }) => {
              const { recording } = event as Extract<CallRecordingsEvent, { type: "callRecordings.download" }>;
              return { key: recording.url, title: recording.name };
            },
            onDone: { target: "idle", actions: { type: "openInNewTab", params: ({ event }) => ({ url: event.output }) } },
            onError: {
              target: "idle",
              actions: { type: "reportFailure", params: ({ event }) => ({ failure: toFailure(event.error, DOWNLOAD_FAILED) }) },
            },
          },
        },
      },
    },
  },
});
