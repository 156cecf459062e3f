// The queue's counts answered with "No one to call now". They read every member under filters other
// than practices (a result filter: 111,801 members at 1,000,000), so whoever presses Next while
// nobody is eligible (the calling window closed everywhere every evening, or nobody left under
// their filters) would count them again at each press. The groups they are counted from are kept
// per filters and open zones, shared by every caller (each caller's own callbacks are told apart
// when counting): fresh for a second, or four times as long as their last read took when that was
// slow (a floor pressing Next then costs one read now and then, not one core); past that, the kept
// groups still answer while one read in the background replaces them, so no press waits for the
// recount; only groups STALE_MS past fresh (or none) are waited for.
import type { Services } from "../services.ts";
import { queueCountsOf, queueGroups, type CountsRequest, type GroupRow } from "./counts.repository.ts";
import { hopperKeyOf, zonesText } from "./hopper.repository.ts";
import type { QueueSetting } from "./queueState.repository.ts";

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
  const reading = queueGroups(services.db, request)
    .then((groups) => {
      const read = { at: begun, freshFor: Math.max(FRESH_MS, FRESH_READS * (Date.now() - begun)), groups };
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
  for (const [other, { at, freshFor }] of memory.kept) if (now - at >= freshFor + STALE_MS) memory.kept.delete(other);
  let kept = memory.kept.get(key);
  if (!kept) kept = await readGroups(services, memory, key, request);
  // A failed read in the background is not kept: a later press reads again.
  else if (now - kept.at >= kept.freshFor) readGroups(services, memory, key, request).catch(() => undefined);
  return queueCountsOf(kept.groups, request, setting);
}
