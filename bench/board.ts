// npm run bench:board: the supervisor's live board at call-center size.
//   - The board's first answer: GET /api/board over HTTP against the real server, one request after
//     another as an administrator opens it, p50/p95/p99; beside it the board's read alone (the
//     statement of server/board/board.repository.ts with its mapping) and the read-back of one
//     agent that each agent event costs every instance with an administrator's stream open.
//   - A browser with the board open (the production build, Chromium headless) and nothing
//     happening: the main thread's busy time over a quiet stretch, from Chrome's own Performance
//     metrics (TaskDuration), with the style recalculations and layouts it did meanwhile.
// The day is made for the run: that many agents of their own signed in today (three in four at a
// desk with a stream open, one in four holding a claim), with results saved and calls started
// spread over today so far; it replaces the previous run's day.
//   npx tsx bench/board.ts [postgres|pglite] [members] [results today] [agents] [requests] [idle seconds]
// Defaults: PostgreSQL, 1,000,000 members, 50,000 results saved today, 200 agents, 200 requests, 30 s.
// The browser part needs a build (npm run build) and Chromium; `idle seconds` 0 leaves it out.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql, type Kysely } from "kysely";
import { chromium } from "playwright-core";
import { ADMIN, signInAs } from "../tests/e2e/accounts.ts";
import { boardAgents } from "../server/board/board.ts";
import { loadConfig } from "../server/config.ts";
import type { Database } from "../server/db/database.ts";
import { boardDay } from "../domain/board/roster.ts";
import { RESULT_OPTIONS } from "../domain/vocabulary.ts";
import { keepResult, ms, quantile, startBenchServer } from "./app.ts";
import { benchDatabase, ROOT, type Engine } from "./load.ts";

const AGENT_DOMAIN = "board-bench.example";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Replaces the previous run's day with a new one: agents signed in today, and their work so far. */
async function makeTheDay(db: Kysely<Database>, agents: number, results: number, timeZone: string): Promise<number[]> {
  const now = new Date();
  const { startsAt } = boardDay(now.getTime(), timeZone);
  const dayStart = new Date(startsAt);
  await db.transaction().execute(async (trx) => {
    const old = trx.selectFrom("users").select("id").where("email", "like", `%@${AGENT_DOMAIN}`);
    await trx.deleteFrom("results").where("user_id", "in", old).execute();
    await trx.deleteFrom("notes").where("user_id", "in", old).execute();
    await trx.deleteFrom("users").where("email", "like", `%@${AGENT_DOMAIN}`).execute();
    await sql`
      insert into users (email, firstname, lastname, default_page)
      select 'agent' || n || ${`@${AGENT_DOMAIN}`}, 'Agent', 'Number ' || lpad(n::text, 4, '0'), '/members/all'
      from generate_series(1, ${agents}) n`.execute(trx);
  });
  const ids = (await db.selectFrom("users").select("id").where("email", "like", `%@${AGENT_DOMAIN}`).orderBy("id").execute()).map((row) => row.id);
  const { rows } = await sql<{ max: number }>`select max(id) as max from members`.execute(db);
  const members = rows[0]!.max;
  const day = sql`${dayStart}::timestamptz + (${now}::timestamptz - ${dayStart}::timestamptz) * random()`;
  await sql`
    insert into sessions (id, token_hash, user_id, created_at, last_seen_at, expires_at)
    select gen_random_uuid(), md5(random()::text || u), u, ${dayStart}, ${now}, ${now}::timestamptz + interval '7 days'
    from unnest(${ids}::int[]) u`.execute(db);
  await sql`
    insert into live_streams (id, user_id, session_id, instance_id, opened_at, seen_at)
    select gen_random_uuid(), s.user_id, s.id, gen_random_uuid(), ${dayStart}, ${now}
    from sessions s where s.user_id = any(${ids}::int[]) and s.user_id % 4 <> 0`.execute(db);
  await sql`
    insert into member_claims (member_id, user_id, session_id, expires_at, claimed_at)
    select (s.user_id * 7919) % ${members} + 1, s.user_id, s.id, ${now}::timestamptz + interval '2 minutes', ${now}
    from sessions s where s.user_id = any(${ids}::int[]) and s.user_id % 4 = 1
    on conflict (member_id) do update
      set user_id = excluded.user_id, session_id = excluded.session_id, expires_at = excluded.expires_at, claimed_at = excluded.claimed_at`.execute(db);
  await sql`
    insert into call_starts (member_id, user_id, started_at)
    select (n::bigint * 104729) % ${members} + 1, (${ids}::int[])[n % ${ids.length} + 1], ${day}
    from generate_series(1, ${Math.round(results * 1.1)}) n`.execute(db);
  await sql`
    insert into results (member_id, user_id, result, created_at)
    select (n::bigint * 7919) % ${members} + 1, (${ids}::int[])[n % ${ids.length} + 1], (${[...RESULT_OPTIONS]}::text[])[n % ${RESULT_OPTIONS.length} + 1], ${day}
    from generate_series(1, ${results}) n`.execute(db);
  // Index-only reads of the day need the visibility map.
  for (const table of ["results", "call_starts", "sessions", "live_streams", "member_claims"]) await sql`vacuum analyze ${sql.id(table)}`.execute(db);
  return ids;
}

/** The main thread's busy share of a quiet stretch with the board open, from Chrome's Performance metrics. */
async function idleBoard(origin: string, agents: number, seconds: number) {
  const profile = mkdtempSync(join(tmpdir(), "recall-bench-board-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    baseURL: origin,
    viewport: { width: 1920, height: 1080 },
  });
  // tsx (esbuild) wraps named functions in __name(): the functions sent to the page need it too.
  await context.addInitScript("window.__name = (fn) => fn");
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signInAs(page, ADMIN);
    await page.goto("/live-board");
    await page.waitForFunction((count) => document.querySelectorAll("tbody tr.live-board__row").length >= count, agents, { timeout: 120_000 });
    await page.getByRole("status").filter({ hasText: /Live$/ }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(3000);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const metrics = async () => Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((metric) => [metric.name, metric.value]));
    const before = await metrics();
    await page.waitForTimeout(seconds * 1000);
    const after = await metrics();
    const elapsed = after.Timestamp! - before.Timestamp!;
    const per = (name: string) => (after[name]! - before[name]!) / elapsed;
    return {
      rows: await page.locator("tbody tr.live-board__row").count(),
      seconds: elapsed,
      cpuPercent: ((after.TaskDuration! - before.TaskDuration!) / elapsed) * 100,
      scriptPercent: ((after.ScriptDuration! - before.ScriptDuration!) / elapsed) * 100,
      styleRecalcsPerSecond: per("RecalcStyleCount"),
      layoutsPerSecond: per("LayoutCount"),
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

export async function benchBoard(engine: Engine, size: number, results: number, agents: number, requests: number, idleSeconds: number) {
  const database = await benchDatabase(engine, size);
  const config = loadConfig({ NODE_ENV: "test" });
  const ids = await makeTheDay(database.db, agents, results, config.reportTimeZone);
  const server = await startBenchServer(database, idleSeconds > 0 ? join(ROOT, "dist") : undefined);
  const services = { db: database.db, config, now: () => new Date() };
  try {
    const admin = await database.db.selectFrom("users").select("id").where("is_admin", "=", true).orderBy("id").executeTakeFirstOrThrow();
    const { token } = await (await import("../server/auth/sessions.repository.ts")).openSession(database.db, admin.id, { idleMs: config.sessionIdleMs, lifetimeMs: config.sessionLifetimeMs });
    const answers: number[] = [];
    let shown = 0;
    let errors = 0;
    for (let request = 0; request < requests; request += 1) {
      const started = performance.now();
      const answer = await fetch(`${server.baseUrl}/board`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await answer.json()) as { agents?: unknown[] };
      answers.push(performance.now() - started);
      if (answer.status !== 200) errors += 1;
      shown = body.agents?.length ?? 0;
    }
    const reads: number[] = [];
    const readBacks: number[] = [];
    for (let request = 0; request < requests; request += 1) {
      let started = performance.now();
      await boardAgents(services);
      reads.push(performance.now() - started);
      started = performance.now();
      await boardAgents(services, [ids[request % ids.length]!]);
      readBacks.push(performance.now() - started);
    }
    const idle = idleSeconds > 0 ? await idleBoard(server.baseUrl.replace(/\/api$/, ""), agents, idleSeconds) : undefined;
    const spread = (samples: number[]) => ({ p50: quantile(samples, 0.5), p95: quantile(samples, 0.95), p99: quantile(samples, 0.99) });
    return { engine, size, results, agents, requests, shown, errors, answer: spread(answers), read: spread(reads), readBack: spread(readBacks), idle, at: new Date().toISOString() };
  } finally {
    await server.close();
    await database.close();
  }
}

export function boardTable(result: Awaited<ReturnType<typeof benchBoard>>): string {
  const met = (ok: boolean) => (ok ? "met" : "missed");
  const { idle } = result;
  return [
    `Live board, ${result.engine}, ${result.size.toLocaleString("en-US")} members, ${result.results.toLocaleString("en-US")} results saved today by ${result.agents} agents (${result.requests} requests one after another; ${result.shown} agents answered):`,
    "",
    "| GET /board p50 | p95 | p99 | the read alone p50 | p95 | one agent read back p50 | p95 | errors |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    `| ${ms(result.answer.p50)} ms | ${ms(result.answer.p95)} ms | ${ms(result.answer.p99)} ms | ${ms(result.read.p50)} ms | ${ms(result.read.p95)} ms | ${ms(result.readBack.p50)} ms | ${ms(result.readBack.p95)} ms | ${result.errors} |`,
    "",
    ...(idle
      ? [
          `Browser with the board open (${idle.rows} rows, 1920×1080), nothing happening for ${idle.seconds.toFixed(0)} s: main thread busy ${idle.cpuPercent.toFixed(2)} % of the time (script ${idle.scriptPercent.toFixed(2)} %), ${idle.styleRecalcsPerSecond.toFixed(2)} style recalculations and ${idle.layoutsPerSecond.toFixed(2)} layouts a second.`,
          "",
        ]
      : []),
    `Targets: first answer p95 ≤ 50 ms ${met(result.answer.p95 <= 50)}${idle ? `; idle browser under 5 % CPU ${met(idle.cpuPercent < 5)}` : ""}.`,
  ].join("\n");
}

if (process.argv[1]?.endsWith("board.ts")) {
  const engine = (process.argv[2] ?? "postgres") as Engine;
  const size = Number(process.argv[3] ?? (engine === "postgres" ? 1_000_000 : 200_000));
  const idleSeconds = Number(process.argv[7] ?? 30);
  if (idleSeconds > 0 && !existsSync(join(ROOT, "dist", "index.html"))) throw new Error("dist/index.html is missing: npm run build first (or idle seconds 0)");
  const result = await benchBoard(engine, size, Number(process.argv[4] ?? 50_000), Number(process.argv[5] ?? 200), Number(process.argv[6] ?? 200), idleSeconds);
  keepResult(`board-${engine}-${size}-${result.results}-${result.agents}`, result);
  console.log(boardTable(result));
  if (result.errors > 0 || result.shown < result.agents) process.exitCode = 1;
}
