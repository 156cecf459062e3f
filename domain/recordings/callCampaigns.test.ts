import { describe, expect, it } from "vitest";
import { callCampaignChoices } from "./callCampaigns.ts";

describe("the campaigns of Call Recordings' filter", () => {
  it("lists the campaigns without recordings with 0 beside the names recordings are filed under, by name", () => {
    const filed = [
      { name: "Recare Outreach", count: 40 },
      { name: "MCNA recare", count: 2 },
      { name: "Inbound", count: 25 },
    ];
    expect(callCampaignChoices(filed, ["UHC new patients", "MCNA recare"])).toEqual([
      { name: "Inbound", count: 25 },
      { name: "MCNA recare", count: 2 },
      { name: "Recare Outreach", count: 40 },
      { name: "UHC new patients", count: 0 },
    ]);
  });
});
