// npm run bench:import: a payer's member file of the largest size the browser may send, uploaded
// to the real server (POST /api/Members/imports) while agents work the members list beside it
// (bench/importAgents.ts, in a worker thread): how long the upload took to be answered 202, how
// long the import took to its end and how many rows a second, the server's event-loop delay
// during the import (perf_hooks.monitorEventLoopDelay: the longest the loop was held), and what
// the agents' calls took meanwhile (GET /sessions, the members list's first page, a save), and on
// PostgreSQL, with BENCH_WAITS=1, what the database's sessions waited on meanwhile (bench/waitSampler.ts). The
// file's members are new to the list (subscriber ids beginning with B); they are removed again
// afterwards, so the benchmark database stays as it was loaded.
//   npx tsx bench/imports.ts [postgres|pglite] [members] [rows] [agents] [pause ms]
// Defaults: PostgreSQL, 200,000 members, 250,000 rows, 20 agents pausing 500 ms between calls.
import { loadavg } from "node:os";
import { monitorEventLoopDelay, type Histogram } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { sql } from "kysely";
import { openSession } from "../server/auth/sessions.repository.ts";
import { keepResult, ms, quantile, startBenchServer } from "./app.ts";
import { benchDatabase, DEFAULT_BENCH_URL, type Engine } from "./load.ts";
import type { ImportAgentsInput, ImportAgentsOutput } from "./importAgents.ts";
import type { WaitSamplerOutput } from "./waitSampler.ts";
import { databaseProcessorTime, threadProcessorMs } from "./processorTime.ts";

const PREFIX = "B";
const HEADER = "Subscriber_ID,Practice,MCO,First_Name,Last_Name,Date_of_Birth";
const FIRST = ["Al", "Bo", "Cy", "Di", "Ed", "Fa", "Gu", "Iv"];
const LAST = ["Lee", "Ruz", "Tan", "Diz", "Kim", "Cox", "Wu", "Pak", "Sho"];

/** A DENTA file of `rows` new members over the practices that take DENTA: ~38 bytes a row, as a payer's list (the largest body the browser may send holds 250,000 of them). */
function memberFile(rows: number, practices: string[]): string {
  const lines = [HEADER];
  for (let index = 0; index < rows; index += 1) {
    const day = String(1 + (index % 28)).padStart(2, "0");
    const month = String(1 + (index % 12)).padStart(2, "0");
    lines.push(`${PREFIX}${String(index).padStart(6, "0")},${practices[index % practices.length]},DQ,${FIRST[index % 8]},${LAST[index % 9]},20${String(10 + (index % 10))}-${month}-${day}`);
  }
  return `${lines.join("\n")}\n`;
}

/** A worker thread that works until told to stop, then answers what it found. */
function startWorker<Output>(script: string, input: unknown) {
  const worker = new Worker(new URL(script, import.meta.url), { workerData: input });
  const done = new Promise<Output>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return { stop: () => (worker.postMessage("stop"), done.finally(() => worker.terminate())) };
}

const startAgents = (input: ImportAgentsInput) => startWorker<ImportAgentsOutput>("./importAgents.ts", input);

/**
 * What PostgreSQL's sessions wait on while the file imports, with BENCH_WAITS=1 (none on PGlite,
 * which has one session). Off by default: its hundred reads of pg_stat_activity a second cost the
 * database processor time the import and the agents would have, ~16 % of the import's time here.
 */
const startWaitSampler = (engine: Engine) =>
  engine === "postgres" && process.env.BENCH_WAITS === "1" ? startWorker<WaitSamplerOutput>("./waitSampler.ts", { url: process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_URL, intervalMs: 10 }) : undefined;

const removeImported = (database: Awaited<ReturnType<typeof benchDatabase>>) => sql`delete from members where subscriber_id like ${`${PREFIX}%`}`.execute(database.db);

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** How long the agents work, and the loop is watched, without the file (after as long to warm up). */
const BASELINE_SECONDS = 10;

const loopFigures = (histogram: Histogram) => ({ maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6 });

const callsOf = (calls: ImportAgentsOutput) => calls.sessionTimes.length + calls.listTimes.length + calls.saveTimes.length;

function callFigures(calls: ImportAgentsOutput) {
  const figures = (times: number[]) => ({ p50: quantile(times, 0.5), p95: quantile(times, 0.95), count: times.length });
  return { sessions: figures(calls.sessionTimes), list: figures(calls.listTimes), save: figures(calls.saveTimes), errors: calls.errors.length, firstErrors: calls.errors.slice(0, 3) };
}

/**
 * Processor time a row of the file cost, which holds on a busy machine: the database's backends
 * and the server's thread during the import, less what the agents' calls cost (their cost a call
 * alone times the calls they made during the import: slowed by it, they make fewer).
 */
function processorFigures(alone: { databaseMs: number; serverMs: number }, aloneCalls: number, during: { databaseMs: number; serverMs: number }, calls: number, rows: number) {
  const perRow = (duringMs: number, aloneMs: number) => ((duringMs - (aloneMs / aloneCalls) * calls) * 1000) / rows;
  return {
    alone,
    during,
    databaseUsPerRow: perRow(during.databaseMs, alone.databaseMs),
    serverUsPerRow: perRow(during.serverMs, alone.serverMs),
  };
}

export async function benchImport(engine: Engine, members: number, rows: number, agents: number, pauseMs = 500, baselineSeconds = BASELINE_SECONDS) {
  const database = await benchDatabase(engine, members);
  await removeImported(database);
  const server = await startBenchServer(database);
  const admin = await server.services.db.selectFrom("users").select("id").where("is_admin", "=", true).orderBy("id").executeTakeFirstOrThrow();
  const token = (await openSession(database.db, admin.id, { idleMs: server.services.config.sessionIdleMs, lifetimeMs: server.services.config.sessionLifetimeMs })).token;
  const { rows: practices } = await sql<{ id: number; abbr: string }>`select id, abbr from practices where 'denta' = any(brands) order by id`.execute(database.db);
  const file = memberFile(rows, practices.map((practice) => practice.abbr));
  // The file as the browser sends it: its bytes, streamed in pieces as a socket carries them.
  const body = Buffer.from(file);
  const query = new URLSearchParams({ fileName: "DENTA_ELIG_BENCH.csv", brand: "denta", extractedAt: "2026-11-16T06:00:00Z" });
  const tokens = await server.tokens(agents + 1);
  const agentsInput = { baseUrl: server.baseUrl, tokens, practiceIds: practices.map((practice) => practice.id), pauseMs };
  try {
    // The same agents and the same measures for a while without the file: what the machine gives anyway.
    const quiet = monitorEventLoopDelay({ resolution: 5 });
    // The processor time from the agents' start to their stop, as their calls are counted.
    const aloneDatabase = databaseProcessorTime(database.db);
    await aloneDatabase.ready;
    const aloneServer = threadProcessorMs();
    const alone = startAgents(agentsInput);
    await wait(baselineSeconds * 1000);
    quiet.enable();
    await wait(baselineSeconds * 1000);
    quiet.disable();
    const baselineCalls = await alone.stop();
    const aloneCost = { databaseMs: await aloneDatabase.stop(), serverMs: threadProcessorMs() - aloneServer };
    const baseline = { loop: loopFigures(quiet), ...callFigures(baselineCalls) };

    const loop = monitorEventLoopDelay({ resolution: 5 });
    const importDatabase = databaseProcessorTime(database.db);
    await importDatabase.ready;
    const importServer = threadProcessorMs();
    const agentsAtWork = startAgents(agentsInput);
    await wait(2000);
    const sampler = startWaitSampler(engine);
    loop.enable();
    const begun = performance.now();
    const response = await fetch(`${server.baseUrl}/Members/imports?${query}`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "text/csv" }, body });
    const answered = performance.now() - begun;
    const started = (await response.json()) as { id: number; message: string };
    if (response.status !== 202) throw new Error(`the upload answered ${response.status}: ${JSON.stringify(started)}`);
    let run: { status: string; rowsWritten: number; rowsRejected: number; message: string };
    for (;;) {
      await wait(250);
      run = (await (await fetch(`${server.baseUrl}/Members/imports/${started.id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as typeof run;
      if (run.status !== "running") break;
    }
    const seconds = (performance.now() - begun) / 1000;
    loop.disable();
    const waits = await sampler?.stop();
    const calls = await agentsAtWork.stop();
    const importCost = { databaseMs: await importDatabase.stop(), serverMs: threadProcessorMs() - importServer };
    const { rows: imported } = await sql<{ n: string }>`select count(*) as n from members where subscriber_id like ${`${PREFIX}%`}`.execute(database.db);
    return {
      engine,
      members,
      rows,
      bytes: Buffer.byteLength(file),
      bodyBytes: Buffer.byteLength(body),
      agents,
      pauseMs,
      baselineSeconds,
      answeredMs: answered,
      seconds,
      rowsPerSecond: rows / seconds,
      status: run.status,
      message: run.message,
      imported: Number(imported[0]!.n),
      baseline,
      processor: processorFigures(aloneCost, callsOf(baselineCalls), importCost, callsOf(calls), rows),
      during: { loop: loopFigures(loop), ...callFigures(calls) },
      waits,
      load: loadavg().map((value) => value.toFixed(1)).join(" "),
      at: new Date().toISOString(),
    };
  } finally {
    await server.close();
    await removeImported(database);
    await database.close();
  }
}

export function importTable(result: Awaited<ReturnType<typeof benchImport>>): string {
  const met = (ok: boolean) => (ok ? "met" : "missed");
  const { baseline, during } = result;
  const line = (what: string, figures: typeof during) =>
    `| ${what} | ${ms(figures.loop.maxMs)} | ${ms(figures.loop.p99Ms)} | ${ms(figures.sessions.p50)} | ${ms(figures.sessions.p95)} | ${ms(figures.list.p50)} | ${ms(figures.list.p95)} | ${ms(figures.save.p50)} | ${ms(figures.save.p95)} | ${figures.errors} |`;
  return [
    `Member file import, ${result.engine}, ${result.members.toLocaleString("en-US")} members: ${result.rows.toLocaleString("en-US")} rows (${(result.bytes / 1e6).toFixed(1)} MB, body ${(result.bodyBytes / 1e6).toFixed(1)} MB) uploaded while ${result.agents} agents open their first page and save a result, ${result.pauseMs} ms apart, and GET /sessions is asked every 200 ms; load average at the end ${result.load}:`,
    "",
    `Answered 202 after ${ms(result.answeredMs)} ms; imported in ${result.seconds.toFixed(1)} s (${result.rowsPerSecond.toFixed(0)} rows/s), ${result.imported.toLocaleString("en-US")} rows in the list; run: ${result.status}, "${result.message.slice(0, 100)}".`,
    "",
    `Processor time (holds under load): the database's backends ${(result.processor.during.databaseMs / 1000).toFixed(1)} s during the import (${(result.processor.alone.databaseMs / 1000).toFixed(1)} s for the agents alone in ${2 * result.baselineSeconds} s), ` +
      `the server's thread ${(result.processor.during.serverMs / 1000).toFixed(1)} s (${(result.processor.alone.serverMs / 1000).toFixed(1)} s alone); a row of the file, less the agents: ` +
      `database ${result.processor.databaseUsPerRow.toFixed(0)} µs, server ${result.processor.serverUsPerRow.toFixed(0)} µs.`,
    "",
    "| (ms) | event loop max | loop p99 | GET /sessions p50 | p95 | list p50 | list p95 | save p50 | save p95 | errors |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    line(`the agents alone, ${result.baselineSeconds} s`, baseline),
    line("during the import", during),
    "",
    `Targets: 202 in < 1 s ${met(result.answeredMs < 1000)}; import < 30 s ${met(result.seconds < 30)}; event loop never held > 50 ms ${met(during.loop.maxMs <= 50)}; ` +
      `GET /sessions p95 ≤ 50 ms ${met(during.sessions.p95 <= 50)}; list p95 ≤ 25 ms ${met(during.list.p95 <= 25)}.`,
    ...[...baseline.firstErrors, ...during.firstErrors].map((error) => `  error: ${error}`),
    ...(result.waits ? waitsTable(result.waits) : []),
  ].join("\n");
}

/** The sessions' samples during the import, by statement and wait: the twelve most seen. */
function waitsTable(waits: WaitSamplerOutput): string[] {
  const total = waits.counts.reduce((sum, count) => sum + count.samples, 0);
  return [
    "",
    `What the database's active sessions were doing, ${waits.rounds} samples 10 ms apart (${total} session samples):`,
    "",
    "| statement | waiting on | samples | share |",
    "| --- | --- | --- | --- |",
    ...waits.counts.slice(0, 12).map((count) => `| ${count.statement} | ${count.wait} | ${count.samples} | ${((100 * count.samples) / total).toFixed(1)} % |`),
  ];
}

if (process.argv[1]?.endsWith("imports.ts")) {
  const engine = (process.argv[2] ?? "postgres") as Engine;
  const members = Number(process.argv[3] ?? 200_000);
  const result = await benchImport(engine, members, Number(process.argv[4] ?? 250_000), Number(process.argv[5] ?? 20), Number(process.argv[6] ?? 500));
  keepResult(`import-${engine}-${members}-${result.rows}`, result);
  console.log(importTable(result));
  // Rows lost, or an error beside the import, is a failure whatever the speed.
  if (result.imported !== result.rows || result.during.errors > 0 || result.status !== "success") process.exitCode = 1;
}
