// What an operation costs in work rather than in time, so that designs can be compared on a busy
// machine: the processor time of the bench's process (the server and its driver; the agents'
// worker thread apart) and of the database's backends serving this database (PostgreSQL: their
// /proc/<pid>/stat), the statements the server's connections sent, the transactions committed and
// the buffers read (pg_stat_database), each divided by the operations the run made.
import { readFileSync } from "node:fs";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import type { Database } from "../server/db/database.ts";

let statements = 0;
/** BENCH_STATEMENTS=1: each statement's first words counted too, printed per run. */
const byText = process.env.BENCH_STATEMENTS === "1" ? new Map<string, number>() : undefined;
const textOf = (config: unknown) => (typeof config === "string" ? config : ((config as { text?: string } | undefined)?.text ?? "?"));
type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const query = pg.Client.prototype.query as unknown as Query;
// Every statement any connection of this process sends, counted (the pool's clients are pg.Clients).
Object.assign(pg.Client.prototype, {
  query(this: pg.Client, ...args: unknown[]) {
    statements += 1;
    if (byText) {
      const text = textOf(args[0]).replace(/\s+/g, " ").slice(0, 140);
      byText.set(text, (byText.get(text) ?? 0) + 1);
    }
    return query.apply(this, args);
  },
});

const TICKS_PER_MS = 0.1; // USER_HZ is 100 on Linux.

/** utime + stime of a process in ms; undefined when it is gone or unreadable. */
function processMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS;
  } catch {
    return undefined;
  }
}

interface DatabaseCounters {
  commits: number;
  buffers: number;
}

async function counters(db: Kysely<Database>): Promise<DatabaseCounters> {
  const { rows } = await sql<{ commits: string; buffers: string }>`
    select xact_commit + xact_rollback as commits, blks_hit + blks_read as buffers from pg_stat_database where datname = current_database()`.execute(db);
  return { commits: Number(rows[0]!.commits), buffers: Number(rows[0]!.buffers) };
}

export interface OpCost {
  /** Per operation: the bench process's processor time less the agents' thread (ms). */
  serverMs: number;
  /** Per operation: the agents' own thread (ms), when given. */
  agentsMs: number | undefined;
  /** Per operation: the database's client backends of this database (ms). */
  databaseMs: number;
  statements: number;
  commits: number;
  buffers: number;
}

/**
 * Starts counting (PostgreSQL only; PGlite runs inside the process, its time is the server's).
 * `stop(operations, agentsMs)` ends it: the costs per operation.
 */
export async function startOpCost(db: Kysely<Database>, engine: "postgres" | "pglite") {
  const postgres = engine === "postgres";
  /** Statements of this count's own looks, left out. */
  let own = 0;
  const backends = async () => {
    if (!postgres) return [];
    own += 1;
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`.execute(db);
    return rows.map((row) => row.pid);
  };
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const look = async () => {
    for (const pid of await backends()) {
      const spent = processMs(pid);
      if (spent === undefined) continue;
      if (!first.has(pid)) first.set(pid, spent);
      last.set(pid, spent);
    }
  };
  await look();
  // A backend first seen later started during the run: all of its time counts.
  const started = new Set(first.keys());
  const sampler = setInterval(() => void look().catch(() => undefined), 500);
  const before = postgres ? await counters(db) : undefined;
  const process0 = process.cpuUsage();
  const statements0 = statements;
  own = 0;
  return async (operations: number, agentsMs?: number): Promise<OpCost> => {
    const spent = process.cpuUsage(process0);
    const sent = statements - statements0 - own;
    clearInterval(sampler);
    await look();
    const after = postgres ? await counters(db) : undefined;
    let databaseMs = 0;
    for (const [pid, end] of last) databaseMs += end - (started.has(pid) ? first.get(pid)! : 0);
    const per = (value: number) => value / Math.max(1, operations);
    const processMsSpent = (spent.user + spent.system) / 1000;
    if (byText) {
      for (const [text, count] of [...byText].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${per(count).toFixed(3)}\t${text}`);
      byText.clear();
    }
    return {
      serverMs: per(processMsSpent - (agentsMs ?? 0)),
      agentsMs: agentsMs === undefined ? undefined : per(agentsMs),
      databaseMs: per(databaseMs),
      statements: per(sent),
      commits: before && after ? per(after.commits - before.commits) : Number.NaN,
      buffers: before && after ? per(after.buffers - before.buffers) : Number.NaN,
    };
  };
}
