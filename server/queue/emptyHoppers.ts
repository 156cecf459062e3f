// Hoppers this instance just filled and found nobody for. When nobody is eligible under a set of
// filters (everyone called, waiting or held; the open zones without members), every Next would
// fill the hopper again, walking the queue's index to find it empty; remembered here, a Next
// answers "No one to call now" after its callbacks' look alone. The memory ends when anything could
// have made someone eligible: a live event reaching this instance from any instance (a save, a
// claim let go, a callback, a feed, a reset: relay.ts forgets them all) or the open zones changing
// (a calling window opening). After HOPPER_FRESH_MS on the claims' clock (the background fills'
// tick: waits and holds end with time, and so do claims nobody let go) a fill looks again in the
// background, and what it finds is remembered in turn; or, for a list's filters, a look at when the
// first wait or hold under them ends: until then nothing but a change can fill the hopper, and the
// emptiness stays known without walking the queue again.
//
// A caller who found no due callback either, with the hopper known empty, is remembered too: their
// Nexts answer without a statement until a callback falls due or its hold ends (by either clock),
// a change, or HOPPER_FRESH_MS.
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { HOPPER_FRESH_MS, zonesText } from "./hopper.repository.ts";
import type { QuietUntil, WalkMoment } from "./queueWalk.repository.ts";

interface FoundEmpty {
  at: number;
  zones: string;
  /** Known to stay empty until then, but for a change (a list's hopper looked at again). */
  quietUntil?: QuietUntil;
}

interface Memory {
  /** Bumped by every forgetting: a fill that began before one may not remember what it found. */
  changes: number;
  found: Map<string, FoundEmpty>;
  /** Callers who found no due callback with the hopper known empty, by hopper and caller. */
  callers: Map<string, Required<FoundEmpty>>;
}

const memories = new WeakMap<Kysely<Database>, Memory>();

function memoryOf(db: Kysely<Database>): Memory {
  let memory = memories.get(db);
  if (!memory) {
    memory = { changes: 0, found: new Map(), callers: new Map() };
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
 * The hopper of `key`, still known empty, was looked at again from `moment` (begun after
 * `changes`): nothing under its filters is free, and no wait or hold ends before `quietUntil`.
 */
export function rememberQuiet(db: Kysely<Database>, key: string, moment: WalkMoment, changes: number, quietUntil: QuietUntil): void {
  const memory = memoryOf(db);
  const found = memory.found.get(key);
  if (!found || memory.changes !== changes || found.zones !== zonesText(moment.openZones)) return;
  memory.found.set(key, { at: moment.claimsNow.getTime(), zones: found.zones, quietUntil });
}

/**
 * Past HOPPER_FRESH_MS a remembered emptiness still answers while a fill in the background looks
 * again (the agents do not all wait for that walk), up to this much longer if no fill ends it.
 */
const LOOKING_AGAIN_MS = 2 * HOPPER_FRESH_MS;
/** A quiet hopper is looked at again after this long all the same (a change whose event this instance missed). */
export const MOST_QUIET_MS = 60_000;

const before = (moment: WalkMoment, quietUntil: QuietUntil) => moment.now.getTime() < quietUntil.now && moment.claimsNow.getTime() < quietUntil.claims;

/**
 * Whether the hopper of `key` was found empty with nothing since that could fill it: "fresh" a
 * moment ago (or quiet still), "stale" when it is time to look again (in the background); undefined
 * otherwise.
 */
export function foundEmpty(db: Kysely<Database>, key: string, moment: WalkMoment): "fresh" | "stale" | undefined {
  const found = memoryOf(db).found.get(key);
  if (!found || found.zones !== zonesText(moment.openZones)) return undefined;
  const age = moment.claimsNow.getTime() - found.at;
  if (age < 0) return undefined;
  const freshFor = found.quietUntil ? MOST_QUIET_MS : HOPPER_FRESH_MS;
  if (found.quietUntil && !before(moment, found.quietUntil)) return undefined;
  if (age < freshFor) return "fresh";
  return age < freshFor + LOOKING_AGAIN_MS ? "stale" : undefined;
}

const callerKey = (key: string, userId: number) => `${key}\u0000${userId}`;

/** The caller found no due callback and the hopper of `key` empty, from a look begun after `changes`; no callback falls due or is let go before `quietUntil`. */
export function rememberNobodyFor(db: Kysely<Database>, key: string, userId: number, moment: WalkMoment, changes: number, quietUntil: QuietUntil): void {
  const memory = memoryOf(db);
  if (memory.changes !== changes) return;
  memory.callers.set(callerKey(key, userId), { at: moment.claimsNow.getTime(), zones: zonesText(moment.openZones), quietUntil });
}

/** Whether nobody can be served to the caller under `key` without a look: their callbacks and the hopper both known empty. */
export function knownNobodyFor(db: Kysely<Database>, key: string, userId: number, moment: WalkMoment): boolean {
  const found = memoryOf(db).callers.get(callerKey(key, userId));
  if (!found || found.zones !== zonesText(moment.openZones) || !before(moment, found.quietUntil)) return false;
  const age = moment.claimsNow.getTime() - found.at;
  return age >= 0 && age < HOPPER_FRESH_MS && foundEmpty(db, key, moment) !== undefined;
}

/** Something changed that could make a member eligible: every hopper is filled again at the next Next. */
export function forgetEmptyHoppers(db: Kysely<Database>): void {
  const memory = memoryOf(db);
  memory.changes += 1;
  memory.found.clear();
  memory.callers.clear();
}
