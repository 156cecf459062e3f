import { describe, expect, it } from "vitest";
import { feedSummary } from "./summary.ts";

describe("feedSummary", () => {
  it("writes every count with thousands separated, the refused rows' too", () => {
    const outcome = { feed: "leads", file: "leads.csv", rowsWritten: 12_000, rowsRejected: 3_000, rowsChanged: 2_000, unmatched: 1_500, membersChanged: 1_200, examples: [{ line: 4, reason: "Outcome is not one of open, won, lost" }] };
    expect(feedSummary(outcome)).toBe(
      "Imported 12,000 rows of leads from leads.csv: 2,000 new or changed, 10,000 known already, 1,500 for patients no member has, 1,200 members updated, " +
        "3,000 rejected (row 4: Outcome is not one of open, won, lost; 2,999 more)",
    );
  });
});
