// The progress of the Campaigns page with stub calls: read when the page opens and every minute,
// a failed refresh keeps what was shown; a campaign chosen reads its days once, and its chart and
// CSV follow them; a failed read of the days can be tried again.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { HttpError } from "../../../contract/errors.ts";
import { CAMPAIGN_CHART_DAYS, CAMPAIGN_PROGRESS_REFRESH_MS } from "../../lib/constants";
import { campaignProgressMachine, type CampaignDay, type ProgressRow } from "./campaignProgress.machine";
import * as select from "./campaignProgress.selectors";

const row = (campaignId: number, called: number, goal: ProgressRow["goal"] = null): ProgressRow => ({
  campaignId,
  name: `Campaign ${campaignId}`,
  state: "active",
  appointmentResult: "Appointment Made",
  targeted: 40,
  eligibleNow: 12,
  called,
  reached: 2,
  appointments: 1,
  callbacksOpen: 0,
  attemptsPerMember: 1.5,
  goal,
  byAgent: [],
  countedAt: "2026-11-30T15:00:00.000Z",
});
const day = (n: number): CampaignDay => ({ day: `2026-${String(9 + Math.floor(n / 30)).padStart(2, "0")}-${String((n % 30) + 1).padStart(2, "0")}`, called: n, reached: 0, appointments: 0, callbacks: 0 });

function start({ failRefresh = false, failDays = 0, days = [day(0), day(1)] } = {}) {
  const reads: number[] = [];
  const dayReads: number[] = [];
  const machine = campaignProgressMachine.provide({
    actors: {
      loadProgress: fromPromise<ProgressRow[]>(async () => {
        reads.push(reads.length);
        if (failRefresh && reads.length > 1) throw new HttpError(500, "The server is unwell");
        return [row(1, reads.length), row(2, 0)];
      }),
      loadDays: fromPromise<CampaignDay[], { id: number }>(async ({ input }) => {
        dayReads.push(input.id);
        if (dayReads.length <= failDays) throw new HttpError(500, "The server is unwell");
        return days;
      }),
    },
  });
  return { actor: createActor(machine).start(), reads, dayReads };
}

describe("campaign progress machine", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reads the progress when it starts and again every minute", async () => {
    const { actor, reads } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(select.selectRows(actor.getSnapshot()).map((progress) => progress.called)).toEqual([1, 0]);
    await vi.advanceTimersByTimeAsync(CAMPAIGN_PROGRESS_REFRESH_MS - 1);
    expect(reads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toHaveLength(2);
    expect(select.selectRows(actor.getSnapshot())[0]!.called).toBe(2);
  });

  it("keeps what it showed when a refresh fails, and says so", async () => {
    const { actor } = start({ failRefresh: true });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "progress.refresh" });
    await vi.advanceTimersByTimeAsync(0);
    const snapshot = actor.getSnapshot();
    expect(select.selectReady(snapshot)).toBe(true);
    expect(select.selectRows(snapshot)).toHaveLength(2);
    expect(select.selectFailure(snapshot)?.message).toBe("The server is unwell");
  });

  it("reads a chosen campaign's days once, then offers their chart and CSV", async () => {
    const { actor, dayReads } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(select.selectExportRequest(actor.getSnapshot())).toBeNull();
    actor.send({ type: "progress.choose", id: 2 });
    expect(select.selectDaysLoading(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "progress.choose", id: 2 });
    const snapshot = actor.getSnapshot();
    expect(dayReads).toEqual([2]);
    expect(select.selectChosen(snapshot)?.campaignId).toBe(2);
    expect(select.selectDaysChart(snapshot)).toMatchObject({ kind: "line", title: "Campaign 2: each day", categories: ["2026-09-01", "2026-09-02"] });
    expect(select.selectExportRequest(snapshot)).toEqual({ report: "campaignDays", id: 2 });
  });

  it("charts only the last days of a long campaign", async () => {
    const { actor } = start({ days: Array.from({ length: CAMPAIGN_CHART_DAYS + 5 }, (_, n) => day(n)) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "progress.choose", id: 1 });
    await vi.advanceTimersByTimeAsync(0);
    const chart = select.selectDaysChart(actor.getSnapshot())!;
    expect(chart.title).toBe(`Campaign 1: the last ${CAMPAIGN_CHART_DAYS} days`);
    expect(chart.series[0]!.values[0]).toBe(5);
  });

  it("says when the days could not be read and reads them again when asked", async () => {
    const { actor, dayReads } = start({ failDays: 1 });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "progress.choose", id: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(select.selectDaysFailure(actor.getSnapshot())?.message).toBe("The server is unwell");
    expect(select.selectExportRequest(actor.getSnapshot())).toBeNull();
    actor.send({ type: "progress.days.retry" });
    await vi.advanceTimersByTimeAsync(0);
    expect(dayReads).toEqual([1, 1]);
    expect(select.selectDaysShown(actor.getSnapshot())).toBe(true);
  });

  it("writes the pace as the page says it", () => {
    const goal = { count: 100, by: "2026-12-04", reached: 30, daysLeft: 5, perDayNeeded: 14, perDayDoing: 9 };
    expect(select.paceText(row(1, 3, goal))).toBe("30 of 100 by 2026-12-04: needs 14 a day, doing 9 · 5 days left");
    expect(select.paceText(row(1, 3, { ...goal, reached: 100, perDayNeeded: null }))).toBe("100 of 100 by 2026-12-04: reached");
    expect(select.paceText(row(1, 3, { ...goal, daysLeft: 0, perDayNeeded: null }))).toBe("30 of 100 by 2026-12-04: its day has passed");
    expect(select.paceText(row(1, 3))).toBe("No goal");
  });
});
