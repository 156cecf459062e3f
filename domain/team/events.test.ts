import { describe, expect, it } from "vitest";
import { campaignEventFor, claimEvent, EVENT_TICKETS_PER_MINUTE, memberEvent, ticketAllowance, ticketExpiry } from "./events.ts";
import type { components } from "../../contract/schema";

const now = new Date("2026-11-16T15:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("the events", () => {
  it("carry of a member only what the list shows of it", () => {
    const member = {
      id: 12,
      version: 4,
      Result: "No answer" as const,
      notes: "Call after 5pm",
      notestimestamp: "2026-11-16T14:00:00.000Z",
      First_Name: "Ana",
      Phone: "(512) 555-0100",
      Date_of_Birth: "2015-03-04",
    };
    expect(memberEvent(member)).toEqual({
      event: "member",
      data: { memberId: 12, version: 4, Result: "No answer", notes: "Call after 5pm", notestimestamp: "2026-11-16T14:00:00.000Z" },
    });
  });

  it("tell a claim's change by the member's claim now, or null", () => {
    const claim = { memberId: 12, by: { id: 3, firstname: "Marcus", lastname: "Reed" }, expiresAt: "2026-11-16T15:02:00.000Z" };
    expect(claimEvent(12, claim)).toEqual({ event: "claim", data: { memberId: 12, claim } });
    expect(claimEvent(12, null)).toEqual({ event: "claim", data: { memberId: 12, claim: null } });
  });
});

describe("campaign events", () => {
  const campaign = { id: 5, name: "UHC new patients", agents: [2, 3] } as components["schemas"]["Campaign"];

  it("carry the campaign to administrators and its agents, null to an agent who left it, and nothing to other staff", () => {
    expect(campaignEventFor({ userId: 1, isAdmin: true }, campaign, [])).toEqual({ event: "campaign", data: { id: 5, campaign } });
    expect(campaignEventFor({ userId: 3, isAdmin: false }, campaign, [3])).toEqual({ event: "campaign", data: { id: 5, campaign } });
    expect(campaignEventFor({ userId: 4, isAdmin: false }, campaign, [3, 4])).toEqual({ event: "campaign", data: { id: 5, campaign: null } });
    expect(campaignEventFor({ userId: 6, isAdmin: false }, campaign, [3])).toBeNull();
  });
});

describe("tickets", () => {
  it("open the stream within 30 seconds", () => {
    expect(ticketExpiry(now).toISOString()).toBe("2026-11-16T15:00:30.000Z");
  });

  it("are allowed up to 20 a minute per user", () => {
    const nineteen = Array.from({ length: EVENT_TICKETS_PER_MINUTE - 1 }, (_, index) => ago(index * 1000));
    expect(ticketAllowance(nineteen, now)).toEqual({ ok: true });
    expect(ticketAllowance([...nineteen, ago(59_999)], now)).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it("forget tickets older than a minute, and say when the next one is allowed", () => {
    const old = Array.from({ length: 30 }, () => ago(60_000));
    expect(ticketAllowance(old, now)).toEqual({ ok: true });
    const burst = Array.from({ length: EVENT_TICKETS_PER_MINUTE }, (_, index) => ago(20_000 - index));
    expect(ticketAllowance(burst, now)).toEqual({ ok: false, retryAfterSeconds: 40 });
  });
});
