// The supervisor's live board (openapi.yaml getLiveBoard): loads the board, then keeps it live
// with the agents' rows the event stream sends (a child liveEvents machine reading `agent` events),
// says when the stream dropped and reloads the board once it is back (nothing sent meanwhile is
// replayed), and reloads at the midnight that ends the day's counts. States are read from each
// agent's facts at the board's clock (the backend's, not the browser's), and read again at the
// next instant one would change by the clock alone (Ready turning Idle, a call overdue), so no
// timer runs every second here. Beside it: an agent's day (a child agentDay machine) and the
// wallboard, the browser's full screen with large type, which Escape leaves. The board can be
// narrowed to the agents assigned to one campaign: the backend answers only theirs, and rows the
// stream sends of other agents are left out here (the stream carries every agent's).
import { assign, enqueueActions, fromCallback, fromPromise, raise, sendTo, setup } from "xstate";
import type { AgentLiveEvent, CampaignLiveEvent } from "../../../domain/team/events.ts";
import { withCampaignEvent } from "../campaigns/campaignEvents";
import { toFailure } from "../../api/errors";
import { liveEventsMachine, type LiveListEvent } from "../liveEvents/liveEvents.machine";
import { agentDayMachine } from "./agentDay.machine";
import { rowsAt, untilNextChange, withAgent, type BoardAgent, type BoardRow, type BoardCampaignChoice, type LiveBoard } from "./liveBoard.rows";

/** The columns a person can sort by. */
export type BoardColumn = "agent" | "state" | "time" | "member" | "campaign" | "callsStarted" | "resultsSaved" | "contacts" | "appointments" | "conversion" | "callbacksDue" | "callbacksOverdue";

export interface LiveBoardContext {
  /** Every agent's facts as the backend last sent them, by name. */
  agents: BoardAgent[];
  /** The agents with their states at the board's clock. */
  rows: BoardRow[];
  /** The board's clock minus this browser's (ms), taken at each load. */
  skewMs: number;
  day: string;
  /** When the day's counts end (board's clock, epoch ms). */
  nextDayAt: number;
  sort: { column: BoardColumn; descending: boolean };
  /** Rows that came while the board loaded, applied to what it loads. */
  queued: BoardAgent[];
  failure: string | null;
  /** The stream dropped and has not been resynced since. */
  streamDown: boolean;
  /** The campaigns the board can be narrowed to (none when they could not be read). */
  campaigns: BoardCampaignChoice[];
  /** The campaign whose agents the board shows; null for every agent. */
  campaign: number | null;
}

/** What the board reads of the stream: agents' rows, and the campaigns' changes (its filter). */
type BoardStreamEvent = AgentLiveEvent | CampaignLiveEvent;

export type LiveBoardEvent =
  | LiveListEvent<BoardStreamEvent>
  | { type: "board.retry" }
  | { type: "board.sort"; column: BoardColumn }
  | { type: "board.campaign.choose"; campaign: number | null }
  | { type: "board.agent.open"; userId: number }
  | { type: "board.agent.close" }
  | { type: "board.wallboard.enter" }
  | { type: "board.wallboard.leave" }
  | { type: "board.wallboard.exited" }
  | { type: "board.rows.changed" }
  | { type: "board.day.over" };

/** A wait longer than this is cut short: the rows are read again then anyway (timers cap near 24.8 days). */
const LONGEST_WAIT_MS = 60 * 60_000;
const boardNow = (context: LiveBoardContext) => Date.now() + context.skewMs;
const wait = (ms: number | null) => Math.max(0, Math.min(ms ?? LONGEST_WAIT_MS, LONGEST_WAIT_MS));

function loaded(context: LiveBoardContext, board: LiveBoard): Partial<LiveBoardContext> {
  const skewMs = Date.parse(board.asOf) - Date.now();
  const agents = context.queued.reduce(withAgent, board.agents);
  return { agents, skewMs, day: board.day, nextDayAt: Date.parse(board.nextDayAt), queued: [], failure: null, rows: rowsAt(agents, Date.now() + skewMs, context.rows) };
}

function shownOn(context: LiveBoardContext, agent: BoardAgent): boolean {
  if (context.campaign === null) return true;
  return context.campaigns.find((campaign) => campaign.id === context.campaign)?.agents.includes(agent.userId) ?? false;
}

export const liveBoardMachine = setup({
  types: { context: {} as LiveBoardContext, events: {} as LiveBoardEvent },
  actors: {
    loadBoard: fromPromise<LiveBoard, { campaign: number | null }>(() => Promise.reject(new Error("loadBoard is not provided"))),
    loadCampaigns: fromPromise<BoardCampaignChoice[]>(() => Promise.reject(new Error("loadCampaigns is not provided"))),
    liveEvents: liveEventsMachine,
    agentDay: agentDayMachine,
    /** Reports `board.wallboard.exited` when the full screen is left (Escape), until stopped. */
    watchWallboard: fromCallback<LiveBoardEvent>(() => {
      throw new Error("watchWallboard is not provided");
    }),
  },
  actions: {
    enterFullScreen: () => {
      throw new Error("enterFullScreen is not provided");
    },
    leaveFullScreen: () => {
      throw new Error("leaveFullScreen is not provided");
    },
    takeBoard: assign(({ context }, params: { board: LiveBoard }) => loaded(context, params.board)),
    takeAgent: assign(({ context }, params: { agent: BoardAgent }) => {
      const agents = withAgent(context.agents, params.agent);
      return { agents, rows: rowsAt(agents, boardNow(context), context.rows) };
    }),
    queueAgent: assign(({ context }, params: { agent: BoardAgent }) => ({ queued: [...context.queued, params.agent] })),
    /** The clock region reads the next change again. */
    rowsChanged: raise({ type: "board.rows.changed" }),
    readRows: assign({ rows: ({ context }) => rowsAt(context.agents, boardNow(context), context.rows) }),
    dayOver: raise({ type: "board.day.over" }),
    /** Whatever reconnected while the board loaded is resynced by the load. */
    resynced: sendTo("live", { type: "live.resynced" }),
    chooseCampaign: assign((_, params: { campaign: number | null }) => ({ campaign: params.campaign, agents: [], rows: [], queued: [] })),
    keepFailure: assign((_, params: { error: unknown }) => ({ failure: toFailure(params.error, "The board could not be loaded.").message })),
  },
  guards: {
    streamDown: ({ context }) => context.streamDown,
    /** An agent's row that belongs on the board as narrowed (to a campaign's agents, or none). */
    shown: ({ context }, params: { event: BoardStreamEvent }) => params.event.event === "agent" && shownOn(context, params.event.data),
    campaignChange: (_, params: { event: BoardStreamEvent }) => params.event.event === "campaign",
    dayOver: ({ context }) => boardNow(context) >= context.nextDayAt,
  },
  delays: {
    nextStateChange: ({ context }) => wait(untilNextChange(context.agents, boardNow(context))),
    endOfDay: ({ context }) => wait(context.nextDayAt - boardNow(context)),
  },
}).createMachine({
  id: "liveBoard",
  type: "parallel",
  context: { agents: [], rows: [], skewMs: 0, day: "", nextDayAt: 0, sort: { column: "agent", descending: false }, queued: [], failure: null, streamDown: false, campaigns: [], campaign: null },
  invoke: { id: "live", src: "liveEvents" },
  on: {
    "board.sort": {
      actions: assign({
        sort: ({ context, event }) => ({ column: event.column, descending: context.sort.column === event.column ? !context.sort.descending : false }),
      }),
    },
    "live.interrupted": { actions: assign({ streamDown: true }) },
    // The filter's campaigns follow their changes; the board is read again when the chosen one's agents change.
    "live.event": {
      guard: { type: "campaignChange", params: ({ event }) => ({ event: event.event }) },
      actions: enqueueActions(({ context, event, enqueue }) => {
        if (event.event.event !== "campaign") return;
        const change = event.event.data;
        const chosenBefore = context.campaigns.find((campaign) => campaign.id === context.campaign);
        enqueue.assign({ campaigns: withCampaignEvent(context.campaigns, change, ({ id, name, agents, position }) => ({ id, name, agents, position })) });
        const agentsNow = change.campaign?.agents ?? [];
        if (chosenBefore?.id === change.id && agentsNow.join() !== chosenBefore.agents.join()) enqueue.raise({ type: "board.campaign.choose", campaign: change.id });
      }),
    },
  },
  states: {
    board: {
      initial: "loading",
      on: {
        // Read again for the campaign chosen: what the board shows now is another set of agents.
        // (Not re-entering this region: that would start the board's other regions again.)
        "board.campaign.choose": { target: ".loading", actions: { type: "chooseCampaign", params: ({ event }) => ({ campaign: event.campaign }) } },
      },
      states: {
        loading: {
          invoke: {
            src: "loadBoard",
            input: ({ context }) => ({ campaign: context.campaign }),
            onDone: [
              { guard: "streamDown", target: "reconnecting", actions: [{ type: "takeBoard", params: ({ event }) => ({ board: event.output }) }, "rowsChanged", "resynced"] },
              { target: "live", actions: [{ type: "takeBoard", params: ({ event }) => ({ board: event.output }) }, "rowsChanged", "resynced"] },
            ],
            onError: { target: "failed", actions: { type: "keepFailure", params: ({ event }) => ({ error: event.error }) } },
          },
          on: {
            "live.event": { guard: { type: "shown", params: ({ event }) => ({ event: event.event }) }, actions: { type: "queueAgent", params: ({ event }) => ({ agent: event.event.data as BoardAgent }) } },
            "board.campaign.choose": { target: "loading", reenter: true, actions: { type: "chooseCampaign", params: ({ event }) => ({ campaign: event.campaign }) } },
            // The stream came back while this loaded: load again, after it.
            "live.resync": { target: "loading", reenter: true, actions: assign({ streamDown: false }) },
          },
        },
        failed: { on: { "board.retry": "loading", "live.resync": { target: "loading", actions: assign({ streamDown: false }) } } },
        live: {
          on: {
            "live.event": { guard: { type: "shown", params: ({ event }) => ({ event: event.event }) }, actions: [{ type: "takeAgent", params: ({ event }) => ({ agent: event.event.data as BoardAgent }) }, "rowsChanged"] },
            "live.interrupted": "reconnecting",
            "board.day.over": "loading",
          },
        },
        /** The stream dropped: the rows stay and keep their clocks; the board reloads once it is back. */
        reconnecting: {
          on: {
            "live.event": { guard: { type: "shown", params: ({ event }) => ({ event: event.event }) }, actions: [{ type: "takeAgent", params: ({ event }) => ({ agent: event.event.data as BoardAgent }) }, "rowsChanged"] },
            "live.resync": { target: "loading", actions: assign({ streamDown: false }) },
            "board.day.over": "loading",
          },
        },
      },
    },
    clock: {
      initial: "ticking",
      states: {
        ticking: {
          // Either wait may end at midnight first (both are read again after an hour at most).
          after: {
            nextStateChange: [
              { guard: "dayOver", target: "ticking", reenter: true, actions: ["readRows", "dayOver"] },
              { target: "ticking", reenter: true, actions: "readRows" },
            ],
            endOfDay: [{ guard: "dayOver", target: "ticking", reenter: true, actions: "dayOver" }, { target: "ticking", reenter: true }],
          },
          on: { "board.rows.changed": { target: "ticking", reenter: true } },
        },
      },
    },
    /** The campaigns of the filter, read once; without them the board shows every agent, as before. */
    campaigns: {
      initial: "loading",
      states: {
        loading: {
          invoke: {
            src: "loadCampaigns",
            onDone: { target: "ready", actions: assign({ campaigns: ({ event }) => event.output }) },
            onError: "unavailable",
          },
        },
        ready: {},
        unavailable: {},
      },
    },
    drillDown: {
      initial: "closed",
      states: {
        closed: { on: { "board.agent.open": "open" } },
        open: {
          invoke: { id: "agentDay", src: "agentDay", input: ({ event }) => ({ userId: (event as { userId: number }).userId }) },
          on: { "board.agent.close": "closed", "board.agent.open": { target: "open", reenter: true } },
        },
      },
    },
    view: {
      initial: "normal",
      states: {
        normal: { on: { "board.wallboard.enter": { target: "wallboard", actions: "enterFullScreen" } } },
        wallboard: {
          invoke: { src: "watchWallboard" },
          on: {
            "board.wallboard.leave": { target: "normal", actions: "leaveFullScreen" },
            // The browser left full screen (Escape), or refused it and Escape was pressed.
            "board.wallboard.exited": { target: "normal", actions: "leaveFullScreen" },
          },
        },
      },
    },
  },
});
