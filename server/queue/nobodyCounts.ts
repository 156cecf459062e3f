// The queue's counts answered with "No one to call now". They read every member under filters other
// than practices (a result filter: 111,801 members at 1,000,000), so whoever presses Next while
// nobody is eligible (the calling window closed everywhere every evening, or nobody left under
// their filters) would count them again at each press. The groups they are counted from are kept
// per filters and open zones, shared by every caller (each caller's own callbacks are told apart
// when counting): fresh for a second, or four times as long as their last read took when that was
// slow (a floor pressing Next then costs one read now and then, not one core); past that, the kept
// groups still answer while one read in the background replaces them, so no press waits for the
// recount; only groups STALE_MS past fresh (or none) are waited for. Groups that nothing could have
// changed since their read are not read again at all: no change reached this instance (the
// forgetting of emptyHoppers.ts), and no wait, callback, rest or hold of theirs has ended by the
// clocks, for up to MOST_QUIET_MS.
import type { Services } from "../services.ts";
import { queueCountsOf, queueGroups, type CountsRequest, type GroupRow } from "./counts.repository.ts";
import { changesSoFar, MOST_QUIET_MS } from "./emptyHoppers.ts";
import { hopperKeyOf, zonesText } from "./hopper.repository.ts";
import type { QueueSetting } from "./queueState.repository.ts";
import type { QuietUntil } from "./queueWalk.repository.ts";

const FRESH_MS = 1_000;
/** How many times its own read time a read stays fresh. */
const FRESH_READS = 4;
/** How much longer than fresh kept groups still answer while they are read again. */
const STALE_MS = 4_000;

interface Kept {
  /** When the groups were read (wall clock, ms), and for how long they stay fresh. */
  at: number;
  freshFor: number;
  groups: GroupRow[];
  /** The changes this instance had seen when the read began (emptyHoppers.ts), and when the groups next turn by the clocks. */
  changes: number;
  quietUntil: QuietUntil;
  /** When (wall clock) they were last found still quiet: past fresh, staleness counts from the later of the two. */
  quietAt: number;
}

const earliest = (instants: (Date | null)[]) => Math.min(Infinity, ...instants.map((instant) => (instant === null ? Infinity : new Date(instant).getTime())));
const quietUntilOf = (groups: GroupRow[]): QuietUntil => ({ now: earliest(groups.map((row) => row.next_turn)), claims: earliest(groups.map((row) => row.next_release)) });

/** Whether nothing could have changed the kept groups since their read (noted when so). */
function stillQuiet(services: Services, kept: Kept, request: CountsRequest, now: number): boolean {
  const quiet =
    kept.changes === changesSoFar(services.db) && now - kept.at < MOST_QUIET_MS && request.now.getTime() < kept.quietUntil.now && request.claimsNow.getTime() < kept.quietUntil.claims;
  if (quiet) kept.quietAt = now;
  return quiet;
}

interface Memory {
  kept: Map<string, Kept>;
  /** The reads under way: every caller that waits on one waits on the same. */
  reading: Map<string, Promise<Kept>>;
}

const memories = new WeakMap<Services, Memory>();

function memoryOf(services: Services): Memory {
  let memory = memories.get(services);
  if (!memory) {
    memory = { kept: new Map(), reading: new Map() };
    memories.set(services, memory);
  }
  return memory;
}

function readGroups(services: Services, memory: Memory, key: string, request: CountsRequest): Promise<Kept> {
  const under = memory.reading.get(key);
  if (under) return under;
  const begun = Date.now();
  const changes = changesSoFar(services.db);
  const reading = queueGroups(services.db, request)
    .then((groups) => {
      const read = { at: begun, freshFor: Math.max(FRESH_MS, FRESH_READS * (Date.now() - begun)), groups, changes, quietUntil: quietUntilOf(groups), quietAt: begun };
      memory.kept.set(key, read);
      return read;
    })
    .finally(() => memory.reading.delete(key));
  memory.reading.set(key, reading);
  return reading;
}

export async function countsWhenNobody(services: Services, request: CountsRequest, setting: QueueSetting) {
  const memory = memoryOf(services);
  const key = `${hopperKeyOf(request.query)} ${zonesText(request.openZones)}`;
  const now = Date.now();
  for (const [other, kept] of memory.kept) if (now - Math.max(kept.at + kept.freshFor, kept.quietAt) >= STALE_MS && !stillQuiet(services, kept, request, now)) memory.kept.delete(other);
  let kept = memory.kept.get(key);
  if (!kept) kept = await readGroups(services, memory, key, request);
  // A failed read in the background is not kept: a later press reads again.
  else if (now - kept.at >= kept.freshFor && !stillQuiet(services, kept, request, now)) readGroups(services, memory, key, request).catch(() => undefined);
  return queueCountsOf(kept.groups, request, setting);
}
