// npm run bench:queue: agents pressing Next (POST /queue/next) against the real server, in the
// shapes of a floor (bench/queueAgents.ts, each agent's requests from a worker thread apart from
// the server): twenty agents back to back, two hundred agents each pressing Next every 10 s, one
// agent alone, and twenty agents back to back when nobody is eligible (the calling window closed
// for every member; or open, and nobody eligible under the agents' filter). Per shape: Next's p50/p95/p99, Nexts per second, members served to more than
// one agent (a duplicate: a served member stays claimed 2 minutes, longer than a run), errors; then
// the queue's counts (GET /queue/counts) alone, with no filter and for one practice. The served
// shapes run with the calling window the bench is given (QUEUE_CALLING_HOURS; all day when unset),
// so their figures do not depend on the hour. The load average is kept beside the figures.
// Campaigns: every shape runs with no active campaign (those the database holds, a previous
// bench's among them, are paused for the run and made active again after it), so each agent's Next
// works under the list's filters; the `campaign` shape puts its twenty agents on one active
// campaign of their own (a quarter of the members), so each Next is served from that campaign's
// hopper.
//   npx tsx bench/queue.ts [postgres|pglite] [members] [seconds] [shapes]
// Defaults: PostgreSQL, the 1,000,000-member benchmark database, 30 s a shape, every shape
// (shapes: a comma-separated list of twenty,floor,one,nobody,filtered,campaign).
import { loadavg } from "node:os";
import { Worker } from "node:worker_threads";
import { sql } from "kysely";
import { isInCallingWindow } from "../domain/queue/callingWindow.ts";
import { STATE_TIME_ZONES } from "../domain/queue/timeZones.ts";
import { keepResult, ms, quantile, startBenchServer } from "./app.ts";
import { benchDatabase, type Engine } from "./load.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import type { QueueAgentsInput, QueueAgentsOutput } from "./queueAgents.ts";
import { startOpCost } from "./opCost.ts";

interface Shape {
  agents: number;
  paceMs: number;
  /** Whether the calling window is closed for every member during the run. */
  closed: boolean;
  /** The list's filters the agents press Next under (a query string; none when absent). */
  query?: string;
  /** The agents work one active campaign of their own rather than the list's filters. */
  campaign?: boolean;
  /** p95 of Next on PostgreSQL (ms); PGlite's is twice it. */
  p95: number;
  /** Nexts a second at least, on PostgreSQL; PGlite's is half. */
  perSecond?: number;
  label: string;
}

const SHAPES = {
  twenty: { agents: 20, paceMs: 0, closed: false, p95: 50, perSecond: 400, label: "20 agents back to back" },
  floor: { agents: 200, paceMs: 10_000, closed: false, p95: 25, label: "200 agents, each Next every 10 s" },
  one: { agents: 1, paceMs: 0, closed: false, p95: 10, label: "1 agent back to back" },
  nobody: { agents: 20, paceMs: 0, closed: true, p95: 25, label: "20 agents back to back, nobody eligible (window closed)" },
  // Every member whose result is Appointment Made is done with: the window is open, and the hopper of these filters stays empty.
  filtered: { agents: 20, paceMs: 0, closed: false, query: "result=Appointment%20Made", p95: 25, label: "20 agents back to back, nobody eligible under their filter (window open, result Appointment Made)" },
  campaign: { agents: 20, paceMs: 0, closed: false, campaign: true, p95: 50, perSecond: 400, label: "20 agents back to back on one campaign (brand denta)" },
} satisfies Record<string, Shape>;
type ShapeName = keyof typeof SHAPES;

const COUNTS_P95 = 50;
const BENCH_CAMPAIGN = "Bench queue campaign";

type BenchDatabase = Awaited<ReturnType<typeof benchDatabase>>;

/** Pauses every active campaign for the run; the ids to make active again after it. */
async function pauseCampaigns(database: BenchDatabase): Promise<number[]> {
  const paused = await database.db.updateTable("campaigns").set({ state: "paused" }).where("state", "=", "active").returning("id").execute();
  return paused.map((row) => row.id);
}

async function resumeCampaigns(database: BenchDatabase, ids: number[]): Promise<void> {
  if (ids.length > 0) await database.db.updateTable("campaigns").set({ state: "active" }).where("id", "in", ids).execute();
}

/** The `campaign` shape's campaign, active with the first `agents` staff (those the tokens open sessions for); finished after the run. */
async function startBenchCampaign(database: BenchDatabase, agents: number): Promise<number> {
  const { db } = database;
  const users = (await db.selectFrom("users").select("id").orderBy("id").limit(agents).execute()).map((row) => row.id);
  const values = { targets: JSON.stringify({ company: "denta" }), starts_on: sql<string>`current_date - 1`, ends_on: sql<string>`current_date + 30`, state: "active" };
  const found = await db.selectFrom("campaigns").select("id").where("name", "=", BENCH_CAMPAIGN).executeTakeFirst();
  const id = found
    ? (await db.updateTable("campaigns").set(values).where("id", "=", found.id).returning("id").executeTakeFirstOrThrow()).id
    : (await db.insertInto("campaigns").values({ name: BENCH_CAMPAIGN, ...values }).returning("id").executeTakeFirstOrThrow()).id;
  await db.deleteFrom("campaign_agents").where("campaign_id", "=", id).execute();
  await db.insertInto("campaign_agents").values(users.map((userId) => ({ campaign_id: id, user_id: userId }))).execute();
  return id;
}

const finishBenchCampaign = (database: BenchDatabase, id: number) => database.db.updateTable("campaigns").set({ state: "finished" }).where("id", "=", id).execute();
const COUNT_REQUESTS = 40;
/** PGlite at 200,000 members keeps within twice PostgreSQL's figures. */
const slack = (engine: Engine) => (engine === "pglite" ? 2 : 1);

/** A one-minute calling window that stays closed for every member's zone from now for `seconds`. */
function closedWindow(seconds: number): string {
  const zones = [...new Set(Object.values(STATE_TIME_ZONES).filter((zone): zone is string => zone !== null)), "UTC"];
  const instants = [Date.now(), Date.now() + seconds * 1000 + 120_000];
  for (let hour = 0; hour < 24; hour += 1) {
    const window = { opensAt: hour * 60, closesAt: hour * 60 + 1 };
    const openSomewhere = zones.some((zone) => instants.some((at) => isInCallingWindow(at, zone, window)));
    if (!openSomewhere) return `${String(hour).padStart(2, "0")}:00-${String(hour).padStart(2, "0")}:01`;
  }
  throw new Error("no closed calling window found");
}

function runAgentsApart(input: QueueAgentsInput): Promise<QueueAgentsOutput> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./queueAgents.ts", import.meta.url), { workerData: input });
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => code !== 0 && reject(new Error(`the agents' worker exited with ${code}`)));
  });
}

const summary = (times: number[]) => ({ p50: quantile(times, 0.5), p95: quantile(times, 0.95), p99: quantile(times, 0.99) });

async function runShape(engine: Engine, database: BenchDatabase, name: ShapeName, seconds: number) {
  const shape: Shape = SHAPES[name];
  const window = shape.closed ? closedWindow(seconds) : (process.env.QUEUE_CALLING_HOURS ?? "00:00-24:00");
  const campaignId = shape.campaign ? await startBenchCampaign(database, shape.agents) : undefined;
  const server = await startBenchServer(database, undefined, { QUEUE_CALLING_HOURS: window });
  const load: number[] = [loadavg()[0]!];
  const sampler = setInterval(() => load.push(loadavg()[0]!), 1000);
  try {
    const tokens = await server.tokens(shape.agents + 1);
    const costOf = await startOpCost(database.db, engine);
    const run = await runAgentsApart({ baseUrl: server.baseUrl, tokens: tokens.slice(0, shape.agents), seconds, query: shape.query ?? "", paceMs: shape.paceMs });
    const cost = await costOf(run.times.length, run.cpuMs);
    const served = run.served.filter((id): id is number => id !== null);
    const counts: Record<string, number[]> = { "no filter": [], "one practice": [] };
    if (name === "twenty") {
      const { rows } = await sql<{ id: number }>`select id from practices order by id limit 1 offset 6`.execute(database.db);
      for (let round = -2; round < COUNT_REQUESTS; round += 1) {
        for (const [filter, query] of [["no filter", ""], ["one practice", `?practice=${rows[0]!.id}`]] as const) {
          const begun = performance.now();
          const response = await fetch(`${server.baseUrl}/queue/counts${query}`, { headers: { authorization: `Bearer ${tokens.at(-1)}` } });
          if (response.status !== 200) throw new Error(`getQueueCounts answered ${response.status}`);
          await response.json();
          if (round >= 0) counts[filter]!.push(performance.now() - begun);
        }
      }
    }
    return {
      shape: name,
      label: shape.label,
      window,
      p95Target: shape.p95 * slack(engine),
      perSecondTarget: shape.perSecond && shape.perSecond / slack(engine),
      seconds: run.seconds,
      next: { ...summary(run.times), count: run.times.length, perSecond: run.times.length / run.seconds, empty: run.served.length - served.length },
      duplicates: served.length - new Set(served).size,
      errors: run.errors.length,
      firstErrors: run.errors.slice(0, 3),
      counts: name === "twenty" ? Object.fromEntries(Object.entries(counts).map(([filter, times]) => [filter, summary(times)])) : undefined,
      load: { min: Math.min(...load), max: Math.max(...load) },
      cost,
    };
  } finally {
    clearInterval(sampler);
    await server.close();
    if (campaignId !== undefined) await finishBenchCampaign(database, campaignId);
  }
}

export async function benchQueue(engine: Engine, size: number, seconds: number, shapes: readonly ShapeName[] = Object.keys(SHAPES) as ShapeName[]) {
  const database = await benchDatabase(engine, size);
  // A copy loaded before the campaigns' migrations has no campaigns table to pause yet.
  await migrateToLatest(database.db);
  const paused = await pauseCampaigns(database);
  try {
    const runs = [];
    for (const name of shapes) runs.push(await runShape(engine, database, name, seconds));
    return { engine, size, runs, at: new Date().toISOString() };
  } finally {
    await resumeCampaigns(database, paused);
    await database.close();
  }
}

export function queueTable(result: Awaited<ReturnType<typeof benchQueue>>): string {
  const met = (value: number, limit: number, atMost: boolean) => ((atMost ? value <= limit : value >= limit) ? "met" : `**missed** (${atMost ? "≤" : "≥"} ${limit})`);
  const lines = [
    `Work queue, ${result.engine}, ${result.size.toLocaleString("en-US")} members (${result.at}):`,
    "",
    "| shape | calling window | load average | Next/s | p50 | p95 | p99 | served | nobody eligible | duplicates | errors | p95 target | Next/s target |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...result.runs.map(
      (run) =>
        `| ${run.label} | ${run.window} | ${run.load.min.toFixed(1)}–${run.load.max.toFixed(1)} | ${run.next.perSecond.toFixed(0)} | ${ms(run.next.p50)} | ${ms(run.next.p95)} | ${ms(run.next.p99)} | ${run.next.count - run.next.empty} | ${run.next.empty} | ${run.duplicates} | ${run.errors} | ≤ ${run.p95Target}: ${met(run.next.p95, run.p95Target, true)} | ${run.perSecondTarget ? `≥ ${run.perSecondTarget}: ${met(run.next.perSecond, run.perSecondTarget, false)}` : "–"} |`,
    ),
  ];
  for (const run of result.runs) {
    if (run.counts) {
      lines.push("", `Queue counts, ${COUNT_REQUESTS} requests each, one at a time, after "${run.label}":`, "", "| filters | p50 | p95 | p99 | p95 target |", "| --- | --- | --- | --- | --- |");
      for (const [filter, times] of Object.entries(run.counts)) lines.push(`| ${filter} | ${ms(times.p50)} | ${ms(times.p95)} | ${ms(times.p99)} | ≤ ${COUNTS_P95}: ${met(times.p95, COUNTS_P95, true)} |`);
    }
    for (const error of run.firstErrors) lines.push(`  error (${run.label}): ${error}`);
  }
  lines.push("", "Per Next (processor time in ms: the server's process without the agents' thread, the database's backends; statements the server sent; transactions; buffers read):", "", "| shape | server ms | database ms | agents ms | statements | transactions | buffers |", "| --- | --- | --- | --- | --- | --- | --- |");
  for (const { label, cost } of result.runs) {
    const fixed = (value: number | undefined, digits = 2) => (value === undefined || Number.isNaN(value) ? "–" : value.toFixed(digits));
    lines.push(`| ${label} | ${fixed(cost.serverMs)} | ${fixed(cost.databaseMs)} | ${fixed(cost.agentsMs)} | ${fixed(cost.statements, 1)} | ${fixed(cost.commits, 1)} | ${fixed(cost.buffers, 0)} |`);
  }
  return lines.join("\n");
}

if (process.argv[1]?.endsWith("queue.ts")) {
  const engine = (process.argv[2] ?? "postgres") as Engine;
  const size = Number(process.argv[3] ?? (engine === "postgres" ? 1_000_000 : 200_000));
  const shapes = (process.argv[5]?.split(",") ?? Object.keys(SHAPES)) as ShapeName[];
  const unknown = shapes.filter((name) => !(name in SHAPES));
  if (unknown.length > 0) throw new Error(`unknown shapes: ${unknown.join(", ")} (known: ${Object.keys(SHAPES).join(", ")})`);
  const result = await benchQueue(engine, size, Number(process.argv[4] ?? 30), shapes);
  keepResult(`queue-${engine}-${size}`, result);
  console.log(queueTable(result));
  // A member served to two agents, or an error, is a failure, whatever the speed.
  if (result.runs.some((run) => run.duplicates > 0 || run.errors > 0)) process.exitCode = 1;
}
