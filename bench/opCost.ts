// What an operation costs in work rather than in time, so that designs can be compared on a busy
// machine: the processor time of the bench's main thread (the server and its driver; agents run in
// a worker thread apart) and of the database's backends (bench/processorTime.ts), the statements
// the process's connections sent, the transactions ended and the buffers read (pg_stat_database),
// each divided by the operations the run made.
import { sql, type Kysely } from "kysely";
import pg from "pg";
import type { Database } from "../server/db/database.ts";
import { databaseProcessorTime, threadProcessorMs } from "./processorTime.ts";

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
  /** Per operation: the bench's main thread, the server's (ms). */
  serverMs: number;
  /** Per operation: the agents' own thread (ms), when given. */
  agentsMs: number | undefined;
  /** Per operation: the database's backends (ms; PostgreSQL only, PGlite's time is the server's). */
  databaseMs: number;
  statements: number;
  commits: number;
  buffers: number;
}

/**
 * Starts counting; `stop(operations, agentsMs)` ends it and answers the costs per operation.
 * PostgreSQL's figures only on PostgreSQL: PGlite runs inside the process, its time is the server's.
 */
export async function startOpCost(db: Kysely<Database>, engine: "postgres" | "pglite") {
  const postgres = engine === "postgres";
  const backends = postgres ? databaseProcessorTime(db) : undefined;
  await backends?.ready;
  const before = postgres ? await counters(db) : undefined;
  const thread0 = threadProcessorMs();
  const statements0 = statements;
  return async (operations: number, agentsMs?: number): Promise<OpCost> => {
    const threadMs = threadProcessorMs() - thread0;
    const sent = statements - statements0;
    const databaseMs = (await backends?.stop()) ?? Number.NaN;
    // pg_stat_database's counters lag each backend's transactions by up to a second.
    if (postgres) await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = postgres ? await counters(db) : undefined;
    const per = (value: number) => value / Math.max(1, operations);
    if (byText) {
      for (const [text, count] of [...byText].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${per(count).toFixed(3)}\t${text}`);
      byText.clear();
    }
    return {
      serverMs: per(threadMs),
      agentsMs: agentsMs === undefined ? undefined : per(agentsMs),
      databaseMs: per(databaseMs),
      statements: per(sent),
      commits: before && after ? per(after.commits - before.commits) : Number.NaN,
      buffers: before && after ? per(after.buffers - before.buffers) : Number.NaN,
    };
  };
}
