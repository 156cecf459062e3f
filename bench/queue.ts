// npm run bench:queue: agents pressing Next (POST /queue/next) back to back against the real server
// for a fixed time, each in a worker thread apart from the server (bench/queueAgents.ts): Next's
// p50/p95/p99, members served per second, members served to more than one agent (a duplicate: a
// served member stays claimed 2 minutes, longer than a run), errors; then the queue's counts
// (GET /queue/counts) alone, with no filter and for one practice. The load average is kept beside
// the figures: the machine is shared.
//   npx tsx bench/queue.ts [postgres|pglite] [members] [seconds] [agents]
// Defaults: PostgreSQL, the 1,000,000-member benchmark database, 30 s, 20 agents.
import { loadavg } from "node:os";
import { Worker } from "node:worker_threads";
import { sql } from "kysely";
import { keepResult, ms, quantile, startBenchServer } from "./app.ts";
import { benchDatabase, type Engine } from "./load.ts";
import type { QueueAgentsInput, QueueAgentsOutput } from "./queueAgents.ts";

/** p95 targets (ms) of Next and of the counts, per engine. */
const TARGETS: Record<Engine, { next: number; counts: number }> = { postgres: { next: 25, counts: 50 }, pglite: { next: 60, counts: 50 } };
const COUNT_REQUESTS = 40;

function runAgentsApart(input: QueueAgentsInput): Promise<QueueAgentsOutput> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./queueAgents.ts", import.meta.url), { workerData: input });
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => code !== 0 && reject(new Error(`the agents' worker exited with ${code}`)));
  });
}

const summary = (times: number[]) => ({ p50: quantile(times, 0.5), p95: quantile(times, 0.95), p99: quantile(times, 0.99) });

export async function benchQueue(engine: Engine, size: number, seconds: number, agents: number) {
  const database = await benchDatabase(engine, size);
  const server = await startBenchServer(database);
  const load: number[] = [];
  const sampler = setInterval(() => load.push(loadavg()[0]!), 1000);
  try {
    const tokens = await server.tokens(agents + 1);
    const agentTokens = tokens.slice(0, agents);
    const { rows } = await sql<{ id: number }>`select id from practices order by id limit 1 offset 6`.execute(database.db);
    const practice = rows[0]!.id;
    const run = await runAgentsApart({ baseUrl: server.baseUrl, tokens: agentTokens, seconds, query: "" });
    const served = run.served.filter((id): id is number => id !== null);
    const duplicates = served.length - new Set(served).size;
    const counts: Record<string, number[]> = { "no filter": [], "one practice": [] };
    for (let round = -2; round < COUNT_REQUESTS; round += 1) {
      for (const [name, query] of [["no filter", ""], ["one practice", `?practice=${practice}`]] as const) {
        const begun = performance.now();
        const response = await fetch(`${server.baseUrl}/queue/counts${query}`, { headers: { authorization: `Bearer ${tokens.at(-1)}` } });
        if (response.status !== 200) throw new Error(`getQueueCounts answered ${response.status}`);
        await response.json();
        if (round >= 0) counts[name]!.push(performance.now() - begun);
      }
    }
    return {
      engine,
      size,
      agents,
      seconds: run.seconds,
      next: { ...summary(run.times), count: run.times.length, perSecond: run.times.length / run.seconds, empty: run.served.length - served.length },
      duplicates,
      errors: run.errors.length,
      firstErrors: run.errors.slice(0, 3),
      counts: Object.fromEntries(Object.entries(counts).map(([name, times]) => [name, summary(times)])),
      load: { min: Math.min(...load), max: Math.max(...load) },
      at: new Date().toISOString(),
    };
  } finally {
    clearInterval(sampler);
    await server.close();
    await database.close();
  }
}

export function queueTable(result: Awaited<ReturnType<typeof benchQueue>>): string {
  const target = TARGETS[result.engine];
  const met = (p95: number, limit: number) => (p95 <= limit ? "met" : `missed by ${ms(p95 - limit)}`);
  const lines = [
    `Work queue, ${result.engine}, ${result.size.toLocaleString("en-US")} members, ${result.agents} agents pressing Next back to back for ${result.seconds.toFixed(1)} s (load average ${result.load.min.toFixed(1)}–${result.load.max.toFixed(1)}):`,
    "",
    "| Next/s | Next p50 | Next p95 | Next p99 | served | nobody eligible | duplicates | errors | p95 target |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    `| ${result.next.perSecond.toFixed(0)} | ${ms(result.next.p50)} | ${ms(result.next.p95)} | ${ms(result.next.p99)} | ${result.next.count - result.next.empty} | ${result.next.empty} | ${result.duplicates} | ${result.errors} | ≤ ${target.next}: ${met(result.next.p95, target.next)} |`,
    "",
    `Queue counts, ${COUNT_REQUESTS} requests each, one at a time:`,
    "",
    "| filters | p50 | p95 | p99 | p95 target |",
    "| --- | --- | --- | --- | --- |",
    ...Object.entries(result.counts).map(([name, times]) => `| ${name} | ${ms(times.p50)} | ${ms(times.p95)} | ${ms(times.p99)} | ≤ ${target.counts}: ${met(times.p95, target.counts)} |`),
    ...result.firstErrors.map((error) => `  error: ${error}`),
  ];
  return lines.join("\n");
}

if (process.argv[1]?.endsWith("queue.ts")) {
  const engine = (process.argv[2] ?? "postgres") as Engine;
  const size = Number(process.argv[3] ?? (engine === "postgres" ? 1_000_000 : 200_000));
  const result = await benchQueue(engine, size, Number(process.argv[4] ?? 30), Number(process.argv[5] ?? 20));
  keepResult(`queue-${engine}-${size}`, result);
  console.log(queueTable(result));
  // A member served to two agents, or an error, is a failure, whatever the speed.
  if (result.duplicates > 0 || result.errors > 0) process.exitCode = 1;
}
