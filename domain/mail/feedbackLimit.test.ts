import { describe, expect, it } from "vitest";
import { FEEDBACK_LIMIT, FEEDBACK_WINDOW_MS, feedbackWait } from "./feedbackLimit.ts";

const NOW = Date.UTC(2026, 10, 16, 12);

describe("feedbackWait", () => {
  it("lets a user send up to the limit within the window", () => {
    expect(feedbackWait([], NOW)).toBe(0);
    expect(feedbackWait(Array.from({ length: FEEDBACK_LIMIT - 1 }, (_, index) => NOW - index * 1000), NOW)).toBe(0);
  });

  it("makes the next one wait until the oldest of the last ones leaves the window", () => {
    const sent = [NOW - 60_000, NOW - 50_000, NOW - 40_000, NOW - 30_000, NOW - 20_000];
    expect(feedbackWait(sent, NOW)).toBe((FEEDBACK_WINDOW_MS - 60_000) / 1000);
    expect(feedbackWait([NOW - FEEDBACK_WINDOW_MS, ...sent.slice(1)], NOW)).toBe(0);
  });
});
