import { describe, expect, it } from "vitest";
import { DEFAULT_QUEUE_RULES } from "../queue/rules.ts";
import { campaignNameKey, campaignProblems, stateAfter } from "./campaignRules.ts";
import { campaignCooldowns, campaignWindow, cappedByCampaign, coolingDownForCampaign, isServedOn } from "./campaignQueue.ts";

const window = DEFAULT_QUEUE_RULES.callingWindow;
const fields = (input: Parameters<typeof campaignProblems>[0]) => campaignProblems(input, window).map((problem) => problem.field);

describe("campaignProblems", () => {
  it("accepts one day and hours inside the window, to its closing minute", () => {
    expect(fields({ startsOn: "2026-12-01", endsOn: "2026-12-01", hours: { from: "08:00", to: "21:00" } })).toEqual([]);
    expect(fields({ startsOn: "2026-12-01", endsOn: "2026-12-05", hours: null })).toEqual([]);
  });

  it("names endsOn when the dates end before they start", () => {
    expect(fields({ startsOn: "2026-12-05", endsOn: "2026-12-04", hours: null })).toEqual(["endsOn"]);
  });

  it("names hours outside the calling window, or ending before they start", () => {
    expect(fields({ startsOn: "2026-12-01", endsOn: "2026-12-01", hours: { from: "07:59", to: "12:00" } })).toEqual(["hours"]);
    expect(fields({ startsOn: "2026-12-01", endsOn: "2026-12-01", hours: { from: "09:00", to: "21:01" } })).toEqual(["hours"]);
    expect(fields({ startsOn: "2026-12-01", endsOn: "2026-12-01", hours: { from: "12:00", to: "12:00" } })).toEqual(["hours"]);
  });
});

it("names goalResult for a goal of Blank", () => {
  expect(fields({ startsOn: "2026-12-01", endsOn: "2026-12-01", hours: null, goalResult: "" })).toEqual(["goalResult"]);
  expect(fields({ startsOn: "2026-12-01", endsOn: "2026-12-01", hours: null, goalResult: "Appointment Made" })).toEqual([]);
});

describe("stateAfter", () => {
  it("starts and resumes drafts and paused campaigns, pauses active ones, finishes any not finished", () => {
    expect(stateAfter("draft", "resume")).toBe("active");
    expect(stateAfter("paused", "resume")).toBe("active");
    expect(stateAfter("active", "pause")).toBe("paused");
    expect(stateAfter("paused", "finish")).toBe("finished");
  });

  it("refuses what the state does not allow", () => {
    expect(stateAfter("draft", "pause")).toBeUndefined();
    expect(stateAfter("active", "resume")).toBeUndefined();
    expect(stateAfter("finished", "resume")).toBeUndefined();
    expect(stateAfter("finished", "finish")).toBeUndefined();
  });
});

it("campaignNameKey ignores case and surrounding spaces", () => {
  expect(campaignNameKey(" Houston Recare ")).toBe(campaignNameKey("houston recare"));
});

describe("the queue under a campaign", () => {
  const campaign = { state: "active", startsOn: "2026-12-01", endsOn: "2026-12-04" } as const;
  it("serves an active campaign on its dates only", () => {
    expect(isServedOn(campaign, "2026-12-01")).toBe(true);
    expect(isServedOn(campaign, "2026-12-04")).toBe(true);
    expect(isServedOn(campaign, "2026-12-05")).toBe(false);
    expect(isServedOn({ ...campaign, state: "paused" }, "2026-12-02")).toBe(false);
  });

  it("narrows the calling window to the campaign's hours, never widens it", () => {
    expect(campaignWindow({ hours: { from: "09:30", to: "17:00" } }, window)).toEqual({ opensAt: 570, closesAt: 1020 });
    expect(campaignWindow({ hours: null }, window)).toBe(window);
  });

  it("caps attempts but never a callback", () => {
    expect(cappedByCampaign({ attemptCap: 3 }, 3, false)).toBe(true);
    expect(cappedByCampaign({ attemptCap: 3 }, 3, true)).toBe(false);
    expect(cappedByCampaign({ attemptCap: null }, 9, false)).toBe(false);
  });
});

describe("a goal by a date", () => {
  const base = { startsOn: "2026-12-01", endsOn: "2026-12-10", hours: null, goalResult: "Appointment Made" } as const;
  it("accepts a count by a day from the first day on, or neither", () => {
    expect(fields({ ...base, goalCount: 40, goalBy: "2026-12-01" })).toEqual([]);
    expect(fields({ ...base, goalCount: null, goalBy: null })).toEqual([]);
  });

  it("names goalBy for a count without a day, a day without a count, or a day before the first", () => {
    expect(fields({ ...base, goalCount: 40, goalBy: null })).toEqual(["goalBy"]);
    expect(fields({ ...base, goalCount: null, goalBy: "2026-12-05" })).toEqual(["goalBy"]);
    expect(fields({ ...base, goalCount: 40, goalBy: "2026-11-30" })).toEqual(["goalBy"]);
  });

  it("names goalCount for a count with no goal result", () => {
    expect(fields({ ...base, goalResult: null, goalCount: 40, goalBy: "2026-12-05" })).toEqual(["goalCount"]);
  });
});

describe("a campaign's own cooldowns", () => {
  const hour = 3_600_000;
  const campaign = { cooldownHours: { noAnswer: 24, leftMessage: null } };
  const last = Date.UTC(2026, 11, 1, 15);
  it("rests a member after its result for the campaign's hours from its last attempt", () => {
    expect(coolingDownForCampaign(campaign, { result: "No answer", lastAttemptAt: last, isCallback: false }, last + 23 * hour)).toBe(true);
    expect(coolingDownForCampaign(campaign, { result: "No answer", lastAttemptAt: last, isCallback: false }, last + 24 * hour)).toBe(false);
  });

  it("leaves other results, members never attempted and callbacks to the queue's own rules", () => {
    expect(coolingDownForCampaign(campaign, { result: "Left message", lastAttemptAt: last, isCallback: false }, last + hour)).toBe(false);
    expect(coolingDownForCampaign(campaign, { result: "No answer", lastAttemptAt: null, isCallback: false }, last)).toBe(false);
    expect(coolingDownForCampaign(campaign, { result: "No answer", lastAttemptAt: last, isCallback: true }, last + hour)).toBe(false);
  });

  it("lists the results it rests after, with their hours", () => {
    expect(campaignCooldowns({ cooldownHours: { noAnswer: 8, leftMessage: 96 } })).toEqual([
      { result: "No answer", hours: 8 },
      { result: "Left message", hours: 96 },
    ]);
    expect(campaignCooldowns({ cooldownHours: { noAnswer: null, leftMessage: null } })).toEqual([]);
  });
});
