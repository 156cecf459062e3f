// Hoppers this instance just filled and found nobody for. When nobody is eligible under a set of
// filters (everyone called, waiting or held; the open zones without members), every Next would
// fill the hopper again, walking the queue's index to find it empty; remembered here, a Next
// answers "No one to call now" after its callbacks' look alone. The memory ends when anything could
// have made someone eligible: a live event reaching this instance from any instance (a save, a
// claim let go, a callback, a feed, a reset: relay.ts forgets them all) or the open zones changing
// (a calling window opening). After HOPPER_FRESH_MS on the claims' clock (the background fills'
// tick: waits and holds end with time, and so do claims nobody let go) a fill looks again in the
// background, and what it finds is remembered in turn.
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { HOPPER_FRESH_MS, zonesText } from "./hopper.repository.ts";
import type { WalkMoment } from "./queueWalk.repository.ts";

interface FoundEmpty {
  at: number;
  zones: string;
}

interface Memory {
  /** Bumped by every forgetting: a fill that began before one may not remember what it found. */
  changes: number;
  found: Map<string, FoundEmpty>;
}

const memories = new WeakMap<Kysely<Database>, Memory>();

function memoryOf(db: Kysely<Database>): Memory {
  let memory = memories.get(db);
  if (!memory) {
    memory = { changes: 0, found: new Map() };
    memories.set(db, memory);
  }
  return memory;
}

/** What to hand back to rememberFill: taken before the fill, it tells whether anything changed during it. */
export const changesSoFar = (db: Kysely<Database>): number => memoryOf(db).changes;

/** The hopper of `key` was filled from a walk begun after `changes` and holds `held` members now. */
export function rememberFill(db: Kysely<Database>, key: string, moment: WalkMoment, changes: number, held: number): void {
  const memory = memoryOf(db);
  if (held > 0 || memory.changes !== changes) memory.found.delete(key);
  else memory.found.set(key, { at: moment.claimsNow.getTime(), zones: zonesText(moment.openZones) });
}

/**
 * Past HOPPER_FRESH_MS a remembered emptiness still answers while a fill in the background looks
 * again (the agents do not all wait for that walk), up to this much longer if no fill ends it.
 */
const LOOKING_AGAIN_MS = 2 * HOPPER_FRESH_MS;

/**
 * Whether the hopper of `key` was found empty with nothing since that could fill it: "fresh" a
 * moment ago, "stale" when it is time to look again (in the background); undefined otherwise.
 */
export function foundEmpty(db: Kysely<Database>, key: string, moment: WalkMoment): "fresh" | "stale" | undefined {
  const found = memoryOf(db).found.get(key);
  if (!found || found.zones !== zonesText(moment.openZones)) return undefined;
  const age = moment.claimsNow.getTime() - found.at;
  if (age < 0) return undefined;
  if (age < HOPPER_FRESH_MS) return "fresh";
  return age < HOPPER_FRESH_MS + LOOKING_AGAIN_MS ? "stale" : undefined;
}

/** Something changed that could make a member eligible: every hopper is filled again at the next Next. */
export function forgetEmptyHoppers(db: Kysely<Database>): void {
  const memory = memoryOf(db);
  memory.changes += 1;
  memory.found.clear();
}
