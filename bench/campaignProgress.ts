// npm run bench:campaigns: the Campaigns page's progress at call-center size. Makes that many
// active campaigns over the members (each targets a brand, a practice, or a brand and a status),
// with results saved in them over the last two weeks and an open callback booked after each
// Contact Made Call Back (removed when the run ends), then asks
// GET /api/campaign-progress over HTTP as an administrator, one request after another: the first
// (every campaign's targets counted before it answers) apart, then p50/p95/p99 of the rest, which
// read the kept counts (a count older than a minute is made again in the background meanwhile).
// Beside it, one campaign's days (GET /api/campaign-progress/{id}/days). It replaces the previous
// run's campaigns, and finishes them when it ends, so that no bench after it (bench:queue) finds
// agents working them.
//   npx tsx bench/campaignProgress.ts [postgres|pglite] [members] [campaigns] [results per campaign] [requests]
// Defaults: PostgreSQL, 1,000,000 members, 50 campaigns, 2,000 results each, 200 requests.
import { sql, type Kysely } from "kysely";
import type { Database } from "../server/db/database.ts";
import { openSession } from "../server/auth/sessions.repository.ts";
import { RESULT_OPTIONS } from "../domain/vocabulary.ts";
import { keepResult, ms, quantile, startBenchServer } from "./app.ts";
import { benchDatabase, type Engine } from "./load.ts";

const PREFIX = "Bench campaign";
/** The note of the callbacks the bench books, so that a run removes the previous run's. */
const CALLBACK_NOTE = "Booked by bench:campaigns";
const BRANDS = ["denta", "mcna", "uhc", "tmhp"];

/** Replaces the previous run's campaigns with `count` active ones and their work. */
async function makeCampaigns(db: Kysely<Database>, count: number, resultsEach: number): Promise<number[]> {
  const old = db.selectFrom("campaigns").select("id").where("name", "like", `${PREFIX} %`);
  await removeCallbacks(db);
  await db.deleteFrom("results").where("campaign_id", "in", old).execute();
  await db.deleteFrom("campaigns").where("name", "like", `${PREFIX} %`).execute();
  const practices = (await db.selectFrom("practices").select("id").orderBy("id").execute()).map((row) => row.id);
  const agents = (await db.selectFrom("users").select("id").orderBy("id").limit(20).execute()).map((row) => row.id);
  const targets = (n: number) =>
    n % 3 === 0 ? { company: BRANDS[n % 4] } : n % 3 === 1 ? { practice: String(practices[n % practices.length]) } : { company: BRANDS[n % 4], status: "Recare No Future Appointment" };
  const ids: number[] = [];
  for (let n = 0; n < count; n += 1) {
    const { id } = await db
      .insertInto("campaigns")
      .values({ name: `${PREFIX} ${n + 1}`, targets: JSON.stringify(targets(n)), starts_on: sql`current_date - 14`, ends_on: sql`current_date + 30`, state: "active", position: n, goal_result: n % 2 ? "Appointment Made" : null, goal_count: n % 2 ? 500 : null, goal_by: n % 2 ? sql`current_date + 20` : null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("campaign_agents").values(agents.slice(0, 4).map((userId) => ({ campaign_id: id, user_id: userId }))).execute();
    ids.push(id);
  }
  const { rows } = await sql<{ max: number }>`select max(id) as max from members`.execute(db);
  const members = rows[0]!.max;
  await sql`
    insert into results (member_id, user_id, result, created_at, campaign_id)
    select (n::bigint * 7919 + c * 104729) % ${members} + 1, (${agents}::int[])[n % ${agents.length} + 1],
      (${[...RESULT_OPTIONS]}::text[])[n % ${RESULT_OPTIONS.length} + 1], now() - random() * interval '14 days', c
    from unnest(${ids}::int[]) c, generate_series(1, ${resultsEach}) n`.execute(db);
  // Each member given Contact Made Call Back in a campaign has an open callback its agent booked a
  // minute later (one open callback per member), as the callback picker books them: the callbacks
  // the page counts as open.
  await sql`
    insert into callbacks (member_id, owner_id, booked_by, booked_at, due_at, owner_until, note)
    select distinct on (r.member_id) r.member_id, r.user_id, r.user_id, r.created_at + interval '1 minute', now() + interval '2 days', now() + interval '2 days 2 hours', ${CALLBACK_NOTE}
    from results r
    where r.campaign_id = any(${ids}::int[]) and r.result = 'Contact Made Call Back'
      and not exists (select 1 from callbacks cb where cb.member_id = r.member_id and cb.status = 'open')
    order by r.member_id, r.created_at`.execute(db);
  for (const table of ["results", "campaigns", "campaign_agents", "callbacks"]) await sql`vacuum analyze ${sql.id(table)}`.execute(db);
  return ids;
}

/** The callbacks a run booked: removed before the next run makes its campaigns, and when a run ends. */
const removeCallbacks = (db: Kysely<Database>) => db.deleteFrom("callbacks").where("note", "=", CALLBACK_NOTE).execute();

async function timed(url: string, token: string): Promise<number> {
  const started = performance.now();
  const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
  return performance.now() - started;
}

async function main() {
  const [engine = "postgres", size = "1000000", campaigns = "50", resultsEach = "2000", requests = "200"] = process.argv.slice(2);
  const database = await benchDatabase(engine as Engine, Number(size));
  const server = await startBenchServer(database);
  try {
    const made = performance.now();
    const ids = await makeCampaigns(database.db, Number(campaigns), Number(resultsEach));
    const { open } = await database.db.selectFrom("callbacks").select((eb) => eb.fn.countAll<string>().as("open")).where("note", "=", CALLBACK_NOTE).executeTakeFirstOrThrow();
    console.log(`${ids.length} campaigns with ${Number(resultsEach) * ids.length} results and ${open} open callbacks booked after them made in ${ms((performance.now() - made) / 1000)} s`);
    const admin = await database.db.selectFrom("users").select("id").where("is_admin", "=", true).orderBy("id").executeTakeFirstOrThrow();
    const config = server.services.config;
    const { token } = await openSession(database.db, admin.id, { idleMs: config.sessionIdleMs, lifetimeMs: config.sessionLifetimeMs });
    const progress = `${server.baseUrl}/campaign-progress`;
    const first = await timed(progress, token);
    const samples: number[] = [];
    for (let n = 0; n < Number(requests); n += 1) samples.push(await timed(progress, token));
    const days: number[] = [];
    for (let n = 0; n < 50; n += 1) days.push(await timed(`${server.baseUrl}/campaign-progress/${ids[n % ids.length]}/days`, token));
    const figures = {
      engine,
      members: Number(size),
      campaigns: ids.length,
      firstMs: first,
      progress: { p50: quantile(samples, 0.5), p95: quantile(samples, 0.95), p99: quantile(samples, 0.99) },
      days: { p50: quantile(days, 0.5), p95: quantile(days, 0.95) },
    };
    console.log(`first answer (every campaign's targets counted): ${ms(first)} ms`);
    console.log(`GET /campaign-progress × ${samples.length}: p50 ${ms(figures.progress.p50)} ms, p95 ${ms(figures.progress.p95)} ms, p99 ${ms(figures.progress.p99)} ms`);
    console.log(`GET /campaign-progress/{id}/days × ${days.length}: p50 ${ms(figures.days.p50)} ms, p95 ${ms(figures.days.p95)} ms`);
    keepResult(`campaign-progress-${engine}-${size}`, figures);
  } finally {
    await server.close();
    await database.db.updateTable("campaigns").set({ state: "finished" }).where("name", "like", `${PREFIX} %`).execute();
    await removeCallbacks(database.db);
    await database.close();
  }
}

await main();
