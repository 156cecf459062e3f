// Processor time spent by the PostgreSQL backends of one database while a bench runs, read from
// /proc/<pid>/stat (utime + stime) of every session of that database, sampled on a connection of
// its own: a figure that does not depend on the machine's load as wall time does. A session seen at
// the start counts from there; a session that ends between two samples loses at most one interval.
// PostgreSQL on this machine only (a remote server's /proc is not ours): undefined otherwise.
import { readFileSync } from "node:fs";
import pg from "pg";

const TICKS_PER_SECOND = 100;

/** A process's processor seconds; null once it has ended, undefined when its figures cannot be read. */
function cpuSecondsOf(pid: number): number | null | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? null : undefined;
  }
}

export interface BackendCpu {
  /** Seconds of processor time the database's sessions spent since start(). */
  stop(): Promise<number | undefined>;
}

export async function startBackendCpu(url: string, intervalMs = 200): Promise<BackendCpu> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const pids = async () =>
    (await client.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()")).rows.map((row) => row.pid);
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let readable = true;
  const sample = async (atStart: boolean) => {
    for (const pid of await pids()) {
      const seconds = cpuSecondsOf(pid);
      if (seconds === null) continue;
      if (seconds === undefined) {
        readable = false;
        continue;
      }
      if (!first.has(pid)) first.set(pid, atStart ? seconds : 0);
      last.set(pid, seconds);
    }
  };
  await sample(true);
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(() => sample(false)).catch(() => undefined);
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await sampling;
      await sample(false);
      await client.end();
      if (!readable) return undefined;
      let total = 0;
      for (const [pid, seconds] of last) total += seconds - (first.get(pid) ?? 0);
      return total;
    },
  };
}
