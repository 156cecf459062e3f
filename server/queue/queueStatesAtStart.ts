// Every member's place in the queue follows the rules in force. At start, when few members are to
// be worked out (an import's stale members), before the first call is served; when many are (the
// rules changed: minutes at a million members), the server serves at once and works them out
// behind it, a batch at a time: a stale member is never served, so the queue fills as they are
// worked out, and the rest of the desk (the list, saves, reports) is there meanwhile. Several
// instances starting together share the work (each batch takes the rows no other is writing).
import type { FastifyInstance } from "fastify";
import type { Services } from "../services.ts";
import { countStale, markStaleForRules, refreshAllStale, sweepPassed } from "./queueState.repository.ts";
import { clocksOf, settingOf } from "./setting.ts";

/** Up to this many members to work out, a start waits for them (seconds at most). */
export const AWAITED_AT_START = 20_000;

/**
 * Works out the stale members before the server is ready when at most `awaitUpTo` are, otherwise
 * from when it is ready, until none is left or the app closes. Answers the work left behind the
 * start (undefined: none), which settles with how many it worked out (in an object: a promise an
 * async function returns would be awaited).
 */
export async function startQueueStates(app: FastifyInstance, services: Services, awaitUpTo = AWAITED_AT_START): Promise<{ behind?: Promise<number> }> {
  const setting = settingOf(services);
  await markStaleForRules(services.db, setting);
  const { now, claimsNow } = clocksOf(services);
  if ((await countStale(services.db, awaitUpTo + 1)) <= awaitUpTo) {
    await refreshAllStale(services.db, setting, () => now, () => false);
    await sweepPassed(services.db, now, claimsNow);
    return {};
  }
  await sweepPassed(services.db, now, claimsNow);
  let closing = false;
  let ready!: () => void;
  const behind = new Promise<void>((resolve) => (ready = resolve)).then(async () => {
    if (closing) return 0;
    app.log.info("the queue's rules changed: working out every member's place in the queue behind the start");
    try {
      const worked = await refreshAllStale(services.db, setting, () => clocksOf(services).now, () => closing);
      app.log.info({ worked }, closing ? "working out the queue stopped with the server" : "every member's place in the queue follows the rules in force");
      return worked;
    } catch (error) {
      // What is left stays stale: each Next works some out (upkeep), and the next start the rest.
      app.log.error({ err: error }, "working out the queue stopped");
      return 0;
    }
  });
  app.addHook("onReady", async () => ready());
  app.addHook("preClose", async () => {
    closing = true;
    ready();
    await behind;
  });
  return { behind };
}
