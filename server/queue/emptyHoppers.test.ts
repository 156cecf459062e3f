// What an instance remembers of a hopper found empty: for its key and open zones only, fresh for
// HOPPER_FRESH_MS on the claims' clock, then stale (looked at again in the background) for a while;
// forgotten by a change, and not remembered from a fill that a change overtook.
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { changesSoFar, forgetEmptyHoppers, foundEmpty, rememberFill } from "./emptyHoppers.ts";
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
});
