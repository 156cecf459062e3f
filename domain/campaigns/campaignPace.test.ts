import { describe, expect, it } from "vitest";
import { campaignPace } from "./campaignPace.ts";

describe("campaignPace", () => {
  it("spreads what is still needed over the days left, today and the goal's day included", () => {
    const pace = campaignPace({ count: 100, by: "2026-12-04" }, 30, "2026-11-27", "2026-11-30");
    expect(pace).toMatchObject({ daysLeft: 5, perDayNeeded: 14, perDayDoing: 7.5 });
  });

  it("needs nothing once the goal is reached or its day has passed", () => {
    expect(campaignPace({ count: 10, by: "2026-12-04" }, 12, "2026-11-27", "2026-11-30").perDayNeeded).toBeNull();
    expect(campaignPace({ count: 10, by: "2026-12-04" }, 3, "2026-11-27", "2026-12-06")).toMatchObject({ daysLeft: 0, perDayNeeded: null, perDayDoing: 0.4 });
  });
});
