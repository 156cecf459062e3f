// Processor time that holds on a busy machine, where wall times do not: the PostgreSQL backends'
// own (utime + stime of each backend's process, read from /proc, 10 ms steps) and this process's
// main thread's. The one meter of the benches that compare designs (bench/opCost.ts builds the
// per-operation figures on it). This machine's PostgreSQL only: a remote server's /proc is not ours.
import { readFileSync } from "node:fs";
import { sql, type Kysely } from "kysely";
import type { Database } from "../server/db/database.ts";

/** A process's processor time so far, in milliseconds (undefined once it has ended). */
export function backendProcessorMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After the command's closing parenthesis: utime and stime are fields 14 and 15, in ticks of 10 ms.
    const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * The processor time of every backend of the current database from now until `stop()`: the
 * backends are listed every `everyMs` and each one's last figure kept, so one that ends (a pool
 * letting an idle connection go) keeps what it was last seen to spend; one that begins counts
 * from zero.
 */
export function databaseProcessorTime(db: Kysely<Database>, everyMs = 500) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let started = false;
  const look = async () => {
    const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db);
    for (const { pid } of rows) {
      const spent = backendProcessorMs(pid);
      if (spent === undefined) continue;
      if (!first.has(pid)) first.set(pid, started ? 0 : spent);
      last.set(pid, spent);
    }
  };
  const ready = look().then(() => {
    started = true;
  });
  let looking = ready;
  const timer = setInterval(() => {
    looking = looking.then(look).catch(() => undefined);
  }, everyMs);
  return {
    ready,
    /** Milliseconds of processor time the database's backends spent since it began. */
    async stop(): Promise<number> {
      clearInterval(timer);
      await looking;
      await look();
      let total = 0;
      for (const [pid, spent] of last) total += spent - (first.get(pid) ?? 0);
      return total;
    },
  };
}

/** This thread's processor time so far, in milliseconds (a worker's threads are not in it). */
export function threadProcessorMs(): number {
  const used = process.threadCpuUsage();
  return (used.user + used.system) / 1000;
}
