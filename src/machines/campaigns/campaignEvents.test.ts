import { describe, expect, it } from "vitest";
import type { components } from "../../../contract/schema";
import { withCampaignEvent } from "./campaignEvents";

type Campaign = components["schemas"]["Campaign"];
const campaign = (id: number, position: number) => ({ id, position, name: `Campaign ${id}`, state: "active", agents: [2] }) as Campaign;
const all = (each: Campaign) => each;

describe("a list of campaigns kept live by campaign events", () => {
  it("replaces a changed campaign, and adds a new one in the supervisor's order", () => {
    const list = [campaign(1, 0), campaign(2, 3)];
    expect(withCampaignEvent(list, { id: 1, campaign: { ...campaign(1, 0), state: "paused" } }, all).map((each) => [each.id, each.state])).toEqual([
      [1, "paused"],
      [2, "active"],
    ]);
    expect(withCampaignEvent(list, { id: 3, campaign: campaign(3, 1) }, all).map((each) => each.id)).toEqual([1, 3, 2]);
  });

  it("takes out a campaign the reader may no longer read, or one the reader keeps out", () => {
    const list = [campaign(1, 0), campaign(2, 0)];
    expect(withCampaignEvent(list, { id: 1, campaign: null }, all).map((each) => each.id)).toEqual([2]);
    const mine = (each: Campaign) => (each.agents.includes(2) ? each : null);
    expect(withCampaignEvent(list, { id: 2, campaign: { ...campaign(2, 0), agents: [5] } }, mine).map((each) => each.id)).toEqual([1]);
  });
});
