// npm run bench:saves: agents working the members list at once against the real server, each
// saving a result for the next member of its page (POST /Members/saveResult), for a fixed time;
// with `reload`, each save is followed by a reload of the page (GET /Members/getMembersTableData),
// as agents did before the list updated itself from live events. Meanwhile one more client asks
// GET /sessions every 200 ms, as every open page does, and its latency is reported. Afterwards
// the result history must hold exactly one new row per acknowledged save: the ids the server
// answered, no more, no fewer.
// With a pause, each agent waits that many milliseconds after each save: back to back, N agents
// keep N requests waiting at every moment, and any call waits behind them (N / throughput); a
// real agent saves once per call, every minute or two.
//   npx tsx bench/saves.ts [postgres|pglite] [members] [seconds] [agents] [save|reload] [pause ms]
// Defaults: PostgreSQL, the 1,000,000-member benchmark database, 30 s, 20 agents, save, no pause.
import { Worker } from "node:worker_threads";
import { sql } from "kysely";
import { keepResult, ms, quantile, startBenchServer } from "./app.ts";
import { benchDatabase, type Engine } from "./load.ts";
import { benchDatabaseBehindPooler } from "./pooler.ts";
import type { DatabaseHandle } from "../server/db/connection.ts";
import { startOpCost, type OpCost } from "./opCost.ts";
import type { AgentsInput, AgentsOutput, SavesMode } from "./saveAgents.ts";

export type { SavesMode } from "./saveAgents.ts";

/** Runs the agents in a worker thread (bench/saveAgents.ts) and answers what they measured; `measuring` once their pages are read. */
function runAgentsApart(input: AgentsInput, measuring: () => void): Promise<AgentsOutput> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./saveAgents.ts", import.meta.url), { workerData: input });
    worker.on("message", (message: AgentsOutput | { measuring: true }) => ("measuring" in message ? measuring() : resolve(message)));
    worker.once("error", reject);
    worker.once("exit", (code) => code !== 0 && reject(new Error(`the agents' worker exited with ${code}`)));
  });
}

/** The tables a save writes (or locks rows of), its summaries' included. */
const SAVED_TABLES = ["members", "member_work", "results", "audit_log", "member_claims", "queue_state", "callbacks", "result_save_counts", "user_day_activity", "member_counts"];

/**
 * PostgreSQL: what earlier benches left to do is done before the run, not during it. The tables a
 * save writes are vacuumed (an autovacuum on one of them gives way to it), then the run waits, up
 * to two minutes, until no autovacuum runs in the database, and asks for a checkpoint (a role
 * without `pg_checkpoint` is refused: said, not fatal). Answers what was done, for the output.
 */
async function settle(database: DatabaseHandle): Promise<string> {
  const { db } = database;
  const started = performance.now();
  await sql`vacuum ${sql.join(SAVED_TABLES.map((table) => sql.id(table)))}`.execute(db);
  let waited = 0;
  const busy = async () =>
    Number((await sql<{ count: string }>`select count(*) as count from pg_stat_progress_vacuum where datname = current_database()`.execute(db)).rows[0]!.count);
  while ((await busy()) > 0 && waited < 120) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    waited += 1;
  }
  const checkpoint = await sql`checkpoint`.execute(db).then(
    () => "checkpointed",
    (error: unknown) => `no CHECKPOINT (${error instanceof Error ? error.message : String(error)})`,
  );
  const vacuums = await busy();
  return `Before the run: ${SAVED_TABLES.length} tables a save writes vacuumed, ${waited} s waited for autovacuum (${vacuums} still running), ${checkpoint}; ${((performance.now() - started) / 1000).toFixed(1)} s in all.`;
}

export async function benchSaves(engine: Engine, size: number, seconds: number, agents: number, mode: SavesMode = "save", pauseMs = 0) {
  const database = engine === "postgres" ? await benchDatabaseBehindPooler(size) : await benchDatabase(engine, size);
  const server = await startBenchServer(database);
  // One more for the client that asks GET /sessions beside the agents.
  const tokens = await server.tokens(agents + 1);
  const { rows: practices } = await sql<{ id: number }>`select id from practices order by id`.execute(database.db);
  const { rows: before } = await sql<{ last: number | null }>`select max(id) as last from results`.execute(database.db);
  const settled = engine === "postgres" ? await settle(database) : "";
  let measuring: Promise<(saves: number) => Promise<OpCost>> | undefined;
  try {
    const { saveTimes, reloadTimes, sessionTimes, savedIds, errors, seconds: elapsed } = await runAgentsApart(
      { baseUrl: server.baseUrl, tokens, practiceIds: practices.map((practice) => practice.id), seconds, mode, pauseMs },
      () => (measuring = startOpCost(database.db, engine)),
    );
    const costOf = await measuring;
    if (!costOf) throw new Error("the agents never began to measure");
    const cost = await costOf(savedIds.length);
    const { rows: added } = await sql<{ id: number }>`select id from results where id > ${before[0]?.last ?? 0} order by id`.execute(database.db);
    const acknowledged = new Set(savedIds);
    const history = {
      newRows: added.length,
      acknowledged: savedIds.length,
      exact: added.length === acknowledged.size && acknowledged.size === savedIds.length && added.every((row) => acknowledged.has(row.id)),
    };
    return {
      engine,
      size,
      seconds: elapsed,
      agents,
      mode,
      pauseMs,
      savesPerSecond: savedIds.length / elapsed,
      save: { p50: quantile(saveTimes, 0.5), p95: quantile(saveTimes, 0.95), p99: quantile(saveTimes, 0.99) },
      reload: { p50: quantile(reloadTimes, 0.5), p95: quantile(reloadTimes, 0.95), p99: quantile(reloadTimes, 0.99) },
      sessions: { p50: quantile(sessionTimes, 0.5), p95: quantile(sessionTimes, 0.95), count: sessionTimes.length },
      errors: errors.length,
      firstErrors: errors.slice(0, 3),
      history,
      settled,
      cost,
      at: new Date().toISOString(),
    };
  } finally {
    await server.close();
    await database.close();
  }
}

export function savesTable(result: Awaited<ReturnType<typeof benchSaves>>): string {
  return [
    ...(result.settled ? [result.settled, ""] : []),
    `Saves, ${result.engine}, ${result.size.toLocaleString("en-US")} members, ${result.agents} agents for ${result.seconds.toFixed(1)} s (${result.mode === "reload" ? "each saves a result, then reloads its page of 50" : "each saves a result for the next member of its page"}${result.pauseMs > 0 ? `, then pauses ${result.pauseMs} ms` : ", back to back"}; GET /sessions every 200 ms beside them):`,
    "",
    "| saves/s | save p50 | save p95 | save p99 | reload p50 | reload p95 | GET /sessions p50 | p95 | errors | history rows / acknowledged saves |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    `| ${result.savesPerSecond.toFixed(0)} | ${ms(result.save.p50)} | ${ms(result.save.p95)} | ${ms(result.save.p99)} | ${result.mode === "reload" ? ms(result.reload.p50) : "–"} | ${result.mode === "reload" ? ms(result.reload.p95) : "–"} | ${ms(result.sessions.p50)} | ${ms(result.sessions.p95)} | ${result.errors} | ${result.history.newRows} / ${result.history.acknowledged} ${result.history.exact ? "(exact)" : "(MISMATCH)"} |`,
    "",
    `Per save (GET /sessions beside them included): the server's thread ${result.cost.serverMs.toFixed(2)} ms of processor${result.engine === "postgres" ? `, the database's backends ${result.cost.databaseMs.toFixed(2)} ms` : " (PGlite's included)"}, ${result.cost.statements.toFixed(2)} statements${result.engine === "postgres" ? `, ${result.cost.commits.toFixed(2)} commits` : ""}.`,
    "",
    `Target ≥ 500 saves/s with 0 errors: ${result.savesPerSecond >= 500 && result.errors === 0 ? "met" : "missed"}.`,
    ...result.firstErrors.map((error) => `  error: ${error}`),
  ].join("\n");
}

if (process.argv[1]?.endsWith("saves.ts")) {
  const engine = (process.argv[2] ?? "postgres") as Engine;
  const size = Number(process.argv[3] ?? (engine === "postgres" ? 1_000_000 : 200_000));
  const mode = (process.argv[6] ?? "save") as SavesMode;
  if (mode !== "save" && mode !== "reload") throw new Error(`the mode is save or reload, not ${mode}`);
  const pauseMs = Number(process.argv[7] ?? 0);
  const result = await benchSaves(engine, size, Number(process.argv[4] ?? 30), Number(process.argv[5] ?? 20), mode, pauseMs);
  keepResult(`saves-${engine}-${size}-${mode}-${pauseMs}`, result);
  console.log(savesTable(result));
  // A lost or doubled save, or an error, is a failure, whatever the speed.
  if (!result.history.exact || result.errors > 0) process.exitCode = 1;
}
