// What an instance remembers of a hopper found empty: for its key and open zones only, fresh for
// HOPPER_FRESH_MS on the claims' clock, then stale (looked at again in the background) for a while;
// forgotten by a change, and not remembered from a fill that a change overtook. Looked at again and
// found quiet, they stay empty until the first wait or hold under their filters ends. A caller who
// found no callback either is answered without a look until one falls due or is let go.
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { changesSoFar, forgetEmptyHoppers, foundEmpty, knownNobodyFor, MOST_QUIET_MS, rememberFill, rememberNobodyFor, rememberQuiet } from "./emptyHoppers.ts";
import { HOPPER_FRESH_MS } from "./hopper.repository.ts";

const at = (ms: number, openZones = ["America/Chicago", "America/New_York"]) => ({ openZones, now: new Date(ms), claimsNow: new Date(ms) });
const databaseOf = () => ({}) as Kysely<Database>;

describe("hoppers found empty", () => {
  it("are empty for their key and zones, fresh then stale, then no longer known", () => {
    const db = databaseOf();
    rememberFill(db, "list:{}", at(1_000), changesSoFar(db), 0);
    expect(foundEmpty(db, "list:{}", at(1_000 + HOPPER_FRESH_MS - 1))).toBe("fresh");
    expect(foundEmpty(db, "list:{}", at(1_000 + HOPPER_FRESH_MS))).toBe("stale");
    expect(foundEmpty(db, "list:{}", at(1_000 + 3 * HOPPER_FRESH_MS))).toBeUndefined();
    expect(foundEmpty(db, "list:{\"practice\":1}", at(1_001))).toBeUndefined();
    // A calling window opened: members of that zone are not in what the fill walked.
    expect(foundEmpty(db, "list:{}", at(1_001, ["America/Chicago", "America/New_York", "America/Denver"]))).toBeUndefined();
    // Before the fill by the clock (a clock set back): not known.
    expect(foundEmpty(db, "list:{}", at(999))).toBeUndefined();
  });

  it("are forgotten by a change, and by a fill that found members", () => {
    const db = databaseOf();
    rememberFill(db, "list:{}", at(1_000), changesSoFar(db), 0);
    forgetEmptyHoppers(db);
    expect(foundEmpty(db, "list:{}", at(1_001))).toBeUndefined();

    rememberFill(db, "list:{}", at(2_000), changesSoFar(db), 0);
    rememberFill(db, "list:{}", at(2_001), changesSoFar(db), 12);
    expect(foundEmpty(db, "list:{}", at(2_002))).toBeUndefined();
  });

  it("are not remembered from a fill that began before a change", () => {
    const db = databaseOf();
    const before = changesSoFar(db);
    forgetEmptyHoppers(db);
    rememberFill(db, "list:{}", at(1_000), before, 0);
    expect(foundEmpty(db, "list:{}", at(1_001))).toBeUndefined();
  });

  it("are each database's own", () => {
    const one = databaseOf();
    rememberFill(one, "list:{}", at(1_000), changesSoFar(one), 0);
    expect(foundEmpty(databaseOf(), "list:{}", at(1_001))).toBeUndefined();
  });

  it("stay empty while quiet, until a wait (the queue's clock) or a hold (the claims') ends, at most MOST_QUIET_MS", () => {
    const db = databaseOf();
    rememberFill(db, "list:{}", at(1_000), changesSoFar(db), 0);
    rememberQuiet(db, "list:{}", at(6_000), changesSoFar(db), { now: 50_000, claims: Infinity });
    expect(foundEmpty(db, "list:{}", at(49_999))).toBe("fresh");
    expect(foundEmpty(db, "list:{}", at(50_000))).toBeUndefined();
    rememberQuiet(db, "list:{}", at(6_000), changesSoFar(db), { now: Infinity, claims: 7_000 });
    expect(foundEmpty(db, "list:{}", { ...at(6_999), claimsNow: new Date(7_000) })).toBeUndefined();
    rememberFill(db, "list:{}", at(1_000), changesSoFar(db), 0);
    rememberQuiet(db, "list:{}", at(6_000), changesSoFar(db), { now: Infinity, claims: Infinity });
    expect(foundEmpty(db, "list:{}", at(6_000 + MOST_QUIET_MS - 1))).toBe("fresh");
    expect(foundEmpty(db, "list:{}", at(6_000 + MOST_QUIET_MS))).toBe("stale");
    // Not from a look a change overtook, nor for a hopper no longer known empty.
    const before = changesSoFar(db);
    forgetEmptyHoppers(db);
    rememberQuiet(db, "list:{}", at(7_000), before, { now: Infinity, claims: Infinity });
    expect(foundEmpty(db, "list:{}", at(7_001))).toBeUndefined();
    rememberQuiet(db, "list:{}", at(7_000), changesSoFar(db), { now: Infinity, claims: Infinity });
    expect(foundEmpty(db, "list:{}", at(7_001))).toBeUndefined();
  });

  it("answer a caller who found nobody without a look while the hopper is known empty, until a callback falls due, a change, or HOPPER_FRESH_MS", () => {
    const db = databaseOf();
    rememberFill(db, "list:{}", at(1_000), changesSoFar(db), 0);
    rememberNobodyFor(db, "list:{}", 7, at(1_500), changesSoFar(db), { now: 4_000, claims: Infinity });
    expect(knownNobodyFor(db, "list:{}", 7, at(3_999))).toBe(true);
    expect(knownNobodyFor(db, "list:{}", 8, at(3_999))).toBe(false);
    expect(knownNobodyFor(db, "list:{}", 7, at(4_000))).toBe(false);
    rememberNobodyFor(db, "list:{}", 7, at(2_000), changesSoFar(db), { now: Infinity, claims: Infinity });
    expect(knownNobodyFor(db, "list:{}", 7, at(2_000 + HOPPER_FRESH_MS - 1))).toBe(true);
    expect(knownNobodyFor(db, "list:{}", 7, at(2_000 + HOPPER_FRESH_MS))).toBe(false);
    forgetEmptyHoppers(db);
    expect(knownNobodyFor(db, "list:{}", 7, at(2_001))).toBe(false);
    // Without the hopper known empty, the caller's callbacks alone do not answer.
    rememberNobodyFor(db, "list:{}", 7, at(2_000), changesSoFar(db), { now: Infinity, claims: Infinity });
    expect(knownNobodyFor(db, "list:{}", 7, at(2_001))).toBe(false);
  });
});
