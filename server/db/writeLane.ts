// Saves never take every connection. A save is a transaction that holds its connection from its
// lock to its commit; with more agents saving than connections, reads queued behind them (the
// members list, the session check of every page) waited for every save ahead: on PGlite, which has
// one connection, GET /sessions took 1.8 s (p95) under 50 agents. Saves pass through a lane of
// fewer places than the pool has connections, and wait for a place outside the pool's queue, so
// a read waits for at most the saves already holding connections.

/** Runs `work` once fewer than `places` works of this lane are running; the others wait in order. */
export type WriteLane = <T>(work: () => Promise<T>) => Promise<T>;

export function writeLane(places: number): WriteLane {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running < places) running += 1;
    else await new Promise<void>((wake) => waiting.push(wake));
    try {
      return await work();
    } finally {
      // A waiting work takes the place over; otherwise it is free again.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
