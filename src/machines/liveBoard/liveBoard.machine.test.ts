import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromCallback, fromPromise, type AnyActorRef } from "xstate";
import type { AgentDay } from "./agentDay.machine";
import { agentDayMachine } from "./agentDay.machine";
import { liveBoardMachine, type LiveBoardEvent } from "./liveBoard.machine";
import type { BoardAgent, BoardCampaignChoice, LiveBoard } from "./liveBoard.rows";
import { selectCampaignChoices, selectEmptyText, selectRows, selectStatus, selectTotals, selectWallboard } from "./liveBoard.selectors";

/** The board's clock stands eleven days before the browser's: states follow the board's. */
const AS_OF = Date.parse("2026-11-16T15:00:00.000Z");
const BROWSER_NOW = Date.parse("2026-11-27T13:00:00.000Z");
const MINUTE = 60_000;
const iso = (offsetMs: number) => new Date(AS_OF + offsetMs).toISOString();
const CAMPAIGNS: BoardCampaignChoice[] = [
  { id: 7, name: "MCNA recare Houston", agents: [1, 2], position: 1 },
  { id: 8, name: "UHC new patients", agents: [3], position: 2 },
];
const member = { id: 9, name: "Lopez, Ana", practice: "HOU1", practiceId: 1, subscriberId: "100200300" };

function agent(userId: number, change: Partial<BoardAgent> = {}): BoardAgent {
  return {
    userId,
    firstname: `First${userId}`,
    lastname: `Last${userId}`,
    signedInAt: iso(-MINUTE),
    signedOutAt: null,
    connected: true,
    lastConnectedAt: iso(0),
    claim: null,
    lastClaimEndedAt: null,
    call: null,
    lastResultAt: null,
    campaign: null,
    counts: { callsStarted: 2, resultsSaved: 2, contacts: 1, appointments: 1, callbacksDue: 1, callbacksOverdue: 0 },
    state: { name: "ready", since: iso(-MINUTE), member: null },
    ...change,
  };
}

const boardOf = (agents: BoardAgent[], change: Partial<LiveBoard> = {}): LiveBoard => ({
  day: "2026-11-16",
  asOf: iso(0),
  nextDayAt: "2026-11-17T06:00:00.000Z",
  agents,
  ...change,
});

/** The machine with a board call the test answers, a stream it drives, and the full screen recorded. */
function start({ campaignsFail = false } = {}) {
  const loads: { resolve: (board: LiveBoard) => void; reject: (error: Error) => void; campaign: number | null }[] = [];
  const stream: { sendBack?: (event: LiveBoardEvent) => void; received: string[] } = { received: [] };
  const fullScreen: string[] = [];
  let wallboardWatch: ((event: LiveBoardEvent) => void) | undefined;
  const dayLoads: number[] = [];
  const actor = createActor(
    liveBoardMachine.provide({
      actors: {
        loadBoard: fromPromise<LiveBoard, { campaign: number | null }>(({ input }) => new Promise((resolve, reject) => loads.push({ resolve, reject, campaign: input.campaign }))),
        loadCampaigns: fromPromise<BoardCampaignChoice[]>(async () => {
          if (campaignsFail) throw new Error("Campaigns could not be read");
          return CAMPAIGNS;
        }),
        liveEvents: fromCallback<LiveBoardEvent>(({ sendBack, receive }) => {
          stream.sendBack = sendBack;
          receive((event) => void stream.received.push(event.type));
        }) as never,
        agentDay: agentDayMachine.provide({
          actors: {
            loadAgentDay: fromPromise<AgentDay, { userId: number }>(async ({ input }) => {
              dayLoads.push(input.userId);
              return { day: "2026-11-16", agent: { userId: input.userId, firstname: "A", lastname: "B", email: "a.b@recalldesk.example" }, results: [] };
            }),
          },
        }),
        watchWallboard: fromCallback<LiveBoardEvent>(({ sendBack }) => {
          wallboardWatch = sendBack;
          return () => void (wallboardWatch = undefined);
        }),
      },
      actions: {
        enterFullScreen: () => void fullScreen.push("enter"),
        leaveFullScreen: () => void fullScreen.push("leave"),
      },
    }),
  );
  actor.start();
  const answer = async (board: LiveBoard) => {
    loads.at(-1)!.resolve(board);
    await vi.advanceTimersByTimeAsync(0);
  };
  const tell = (event: LiveBoardEvent) => stream.sendBack!(event);
  const rows = () => selectRows(actor.getSnapshot());
  const stateOf = (userId: number) => rows().find((row) => row.agent.userId === userId)?.state;
  return { actor, loads, answer, tell, rows, stateOf, stream, fullScreen, wallboard: () => wallboardWatch, dayLoads };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(BROWSER_NOW);
});
afterEach(() => vi.useRealTimers());

describe("the live board", () => {
  it("loads the board and reads each state at the board's clock, not the browser's", async () => {
    const board = start();
    expect(selectStatus(board.actor.getSnapshot())).toBe("loading");
    await board.answer(boardOf([agent(1), agent(2, { connected: false, lastConnectedAt: iso(-2 * MINUTE) })]));
    expect(selectStatus(board.actor.getSnapshot())).toBe("live");
    expect(board.stateOf(1)).toBe("ready");
    expect(board.stateOf(2)).toBe("offline");
    expect(selectTotals(board.actor.getSnapshot())).toMatchObject({ agents: 2, counts: { callsStarted: 4, resultsSaved: 4, contacts: 2, appointments: 2 }, conversion: 100 });
  });

  it("turns a Ready agent Idle when 5 minutes have passed, with no event, and leaves the other rows as they were", async () => {
    const board = start();
    await board.answer(boardOf([agent(1), agent(2, { claim: { member, since: iso(0), expiresAt: iso(10 * MINUTE) } })]));
    const working = board.rows().find((row) => row.agent.userId === 2);
    // Signed in a minute before the board's now: Idle 4 minutes later.
    await vi.advanceTimersByTimeAsync(4 * MINUTE - 1);
    expect(board.stateOf(1)).toBe("ready");
    await vi.advanceTimersByTimeAsync(1);
    expect(board.stateOf(1)).toBe("idle");
    expect(board.rows().find((row) => row.agent.userId === 2)).toBe(working);
  });

  it("turns a call Wrap-up overdue after more than 10 minutes", async () => {
    const board = start();
    await board.answer(boardOf([agent(1, { call: { member, startedAt: iso(0) } })]));
    expect(board.stateOf(1)).toBe("onCall");
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(board.stateOf(1)).toBe("onCall");
    await vi.advanceTimersByTimeAsync(1);
    expect(board.stateOf(1)).toBe("wrapUpOverdue");
  });

  it("replaces an agent's row with each agent event, and adds an agent new to the board", async () => {
    const board = start();
    await board.answer(boardOf([agent(1), agent(3)]));
    const other = board.rows()[1];
    board.tell({ type: "live.event", event: { event: "agent", data: agent(1, { claim: { member, since: iso(0), expiresAt: iso(2 * MINUTE) } }) } });
    expect(board.stateOf(1)).toBe("working");
    expect(board.rows()[1]).toBe(other);
    board.tell({ type: "live.event", event: { event: "agent", data: agent(2) } });
    expect(board.rows().map((row) => row.agent.userId)).toEqual([1, 2, 3]);
    // The claim runs out by itself at its expiresAt.
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(board.stateOf(1)).toBe("ready");
  });

  it("applies the rows that came while it loaded to what it loaded", async () => {
    const board = start();
    board.tell({ type: "live.event", event: { event: "agent", data: agent(1, { signedOutAt: iso(0), connected: false }) } });
    await board.answer(boardOf([agent(1)]));
    expect(board.stateOf(1)).toBe("offline");
  });

  it("says it is reconnecting when the stream drops, keeps the rows, and reloads once the stream is back", async () => {
    const board = start();
    await board.answer(boardOf([agent(1)]));
    board.tell({ type: "live.interrupted" });
    expect(selectStatus(board.actor.getSnapshot())).toBe("reconnecting");
    expect(board.rows()).toHaveLength(1);
    board.tell({ type: "live.resync" });
    expect(board.loads).toHaveLength(2);
    expect(selectStatus(board.actor.getSnapshot())).toBe("loading");
    await board.answer(boardOf([agent(1, { signedOutAt: iso(0), connected: false })]));
    expect(selectStatus(board.actor.getSnapshot())).toBe("live");
    expect(board.stateOf(1)).toBe("offline");
    expect(board.stream.received).toContain("live.resynced");
  });

  it("reloads at the midnight that ends the day's counts", async () => {
    const board = start();
    const untilMidnight = Date.parse("2026-11-17T06:00:00.000Z") - AS_OF;
    await board.answer(boardOf([agent(1, { signedOutAt: iso(0), connected: false })]));
    await vi.advanceTimersByTimeAsync(untilMidnight - 1);
    expect(board.loads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(board.loads).toHaveLength(2);
  });

  it("says why the board failed to load, and tries again", async () => {
    const board = start();
    board.loads[0]!.reject(Object.assign(new Error("Administrators only"), { statusCode: 403 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectStatus(board.actor.getSnapshot())).toBe("failed");
    expect(board.actor.getSnapshot().context.failure).toBe("Administrators only");
    board.actor.send({ type: "board.retry" });
    expect(board.loads).toHaveLength(2);
  });

  it("sorts by a column, and the other way on the same column again", async () => {
    const board = start();
    await board.answer(boardOf([agent(1, { counts: { callsStarted: 5, resultsSaved: 0, contacts: 0, appointments: 0, callbacksDue: 0, callbacksOverdue: 0 } }), agent(2)]));
    board.actor.send({ type: "board.sort", column: "callsStarted" });
    expect(board.rows().map((row) => row.agent.userId)).toEqual([2, 1]);
    board.actor.send({ type: "board.sort", column: "callsStarted" });
    expect(board.rows().map((row) => row.agent.userId)).toEqual([1, 2]);
  });

  it("opens an agent's day and closes it", async () => {
    const board = start();
    await board.answer(boardOf([agent(4)]));
    board.actor.send({ type: "board.agent.open", userId: 4 });
    await vi.advanceTimersByTimeAsync(0);
    const day = board.actor.getSnapshot().children.agentDay as AnyActorRef;
    expect(day.getSnapshot().value).toBe("shown");
    expect(board.dayLoads).toEqual([4]);
    board.actor.send({ type: "board.agent.close" });
    expect(board.actor.getSnapshot().children.agentDay).toBeUndefined();
  });

  it("enters the browser's full screen for the wallboard, and leaves it with the button or when the browser left it (Escape)", async () => {
    const board = start();
    board.actor.send({ type: "board.wallboard.enter" });
    expect(selectWallboard(board.actor.getSnapshot())).toBe(true);
    expect(board.fullScreen).toEqual(["enter"]);
    board.wallboard()!({ type: "board.wallboard.exited" });
    expect(selectWallboard(board.actor.getSnapshot())).toBe(false);
    expect(board.wallboard()).toBeUndefined();
    board.actor.send({ type: "board.wallboard.enter" });
    board.actor.send({ type: "board.wallboard.leave" });
    expect(board.fullScreen).toEqual(["enter", "leave", "enter", "leave"]);
    expect(selectWallboard(board.actor.getSnapshot())).toBe(false);
  });

  it("narrows the board to a campaign's agents: reads it for the campaign, and leaves out the rows the stream sends of others", async () => {
    const board = start();
    await board.answer(boardOf([agent(1), agent(3)]));
    expect(selectCampaignChoices(board.actor.getSnapshot()).map((campaign) => campaign.name)).toEqual(["MCNA recare Houston", "UHC new patients"]);
    board.actor.send({ type: "board.campaign.choose", campaign: 7 });
    expect(board.loads.map((load) => load.campaign)).toEqual([null, 7]);
    expect(selectStatus(board.actor.getSnapshot())).toBe("loading");
    await board.answer(boardOf([agent(1)]));
    board.tell({ type: "live.event", event: { event: "agent", data: agent(3) } });
    board.tell({ type: "live.event", event: { event: "agent", data: agent(2, { campaign: { id: 7, name: "MCNA recare Houston" } }) } });
    expect(board.rows().map((row) => [row.agent.userId, row.agent.campaign?.name ?? null])).toEqual([
      [1, null],
      [2, "MCNA recare Houston"],
    ]);
    board.actor.send({ type: "board.campaign.choose", campaign: 8 });
    await board.answer(boardOf([]));
    expect(selectEmptyText(board.actor.getSnapshot())).toBe("Nobody assigned to this campaign has signed in today.");
    board.actor.send({ type: "board.campaign.choose", campaign: null });
    expect(board.loads.at(-1)!.campaign).toBeNull();
  });

  it("shows every agent, with no campaign to choose, when the campaigns cannot be read", async () => {
    const board = start({ campaignsFail: true });
    await board.answer(boardOf([agent(1)]));
    expect(selectCampaignChoices(board.actor.getSnapshot())).toEqual([]);
    expect(board.rows()).toHaveLength(1);
  });

  it("follows the campaigns' changes: a new one joins the filter, and the chosen one's new agents read the board again", async () => {
    const board = start();
    await board.answer(boardOf([agent(1)]));
    const change = (id: number, name: string, agents: number[], position: number) =>
      ({ event: "campaign", data: { id, campaign: { id, name, agents, position } } }) as unknown as Extract<LiveBoardEvent, { type: "live.event" }>["event"];
    board.tell({ type: "live.event", event: change(9, "Dana's list", [4], 0) });
    expect(selectCampaignChoices(board.actor.getSnapshot()).map((campaign) => campaign.id)).toEqual([9, 7, 8]);
    board.actor.send({ type: "board.campaign.choose", campaign: 7 });
    await board.answer(boardOf([agent(1)]));
    board.tell({ type: "live.event", event: change(7, "MCNA recare Houston", [1, 2], 1) });
    expect(board.loads).toHaveLength(2);
    board.tell({ type: "live.event", event: change(7, "MCNA recare Houston", [1, 2, 5], 1) });
    expect(board.loads.map((load) => load.campaign)).toEqual([null, 7, 7]);
    await board.answer(boardOf([agent(1), agent(5)]));
    // Choosing reads the board only: the campaigns to choose from stay as the stream left them.
    expect(selectCampaignChoices(board.actor.getSnapshot()).map((campaign) => campaign.id)).toEqual([9, 7, 8]);
    board.tell({ type: "live.event", event: { event: "agent", data: agent(5, { claim: { member, since: iso(0), expiresAt: iso(MINUTE) } }) } });
    expect(board.stateOf(5)).toBe("working");
  });
});
