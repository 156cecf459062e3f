import { describe, expect, it } from "vitest";
import { CLAIM_DURATION_MS, claimConflict, claimExpiry, isLive, judgeClaim } from "./claims.ts";

const now = new Date("2026-11-16T15:00:00.000Z");
const later = (ms: number) => new Date(now.getTime() + ms);

describe("a claim", () => {
  it("lasts 2 minutes from its latest claim or renewal", () => {
    expect(CLAIM_DURATION_MS).toBe(120_000);
    expect(claimExpiry(now).toISOString()).toBe("2026-11-16T15:02:00.000Z");
  });

  it("is live until the instant it expires, not at it", () => {
    expect(isLive({ expiresAt: later(1) }, now)).toBe(true);
    expect(isLive({ expiresAt: now }, now)).toBe(false);
    expect(isLive({ expiresAt: "2026-11-16T14:59:59.000Z" }, now)).toBe(false);
  });
});

describe("judgeClaim", () => {
  it("claims a member nobody works, or whose claim has ended", () => {
    expect(judgeClaim(undefined, 7, now)).toBe("claim");
    expect(judgeClaim({ userId: 3, expiresAt: now }, 7, now)).toBe("claim");
  });

  it("renews the caller's own live claim", () => {
    expect(judgeClaim({ userId: 7, expiresAt: later(1000) }, 7, now)).toBe("renew");
  });

  it("refuses while another agent holds a live claim", () => {
    expect(judgeClaim({ userId: 3, expiresAt: later(1000) }, 7, now)).toBe("held");
  });
});

describe("claimConflict", () => {
  it("names the holder and carries their claim", () => {
    const claim = { memberId: 12, by: { id: 3, firstname: "Marcus", lastname: "Reed" }, expiresAt: later(60_000).toISOString() };
    expect(claimConflict(claim)).toEqual({ message: "Marcus Reed is working this member.", statusCode: 409, claim });
  });
});
