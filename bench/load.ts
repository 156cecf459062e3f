// The benchmarks' databases: the demo data at a chosen size, loaded once and kept (outside the
// repository) until the migrations, the seed or the mock's generators change.
//   PGlite:     node_modules/.cache/recall-bench/pglite-<size>-<hash>/
//   PostgreSQL: schema bench_<size> of BENCH_DATABASE_URL (default the recall_bench database)
// Sizes up to 200,000 come straight from seedDemoData. Larger ones seed 200,000 and add copies of
// those members by SQL: each copy takes its first and middle name, last name and phone from three
// other generated members and prefixes ids with the copy's digit, so every column keeps the
// generator's distribution (names recombine instead of repeating as whole people).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { resetIdentity } from "../server/db/bulkWrite.ts";
import { openDatabase, type DatabaseHandle } from "../server/db/connection.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { isSeeded, seedDemoData } from "../server/db/seed.ts";

export const ROOT = fileURLToPath(new URL("../", import.meta.url));
export const CACHE = join(ROOT, "node_modules", ".cache", "recall-bench");
export const DEFAULT_BENCH_URL = "postgres://recall:recall@127.0.0.1:5432/recall_bench";
/** The most members the generator makes for a benchmark; more are copies made by SQL. */
const GENERATED = 200_000;

export type Engine = "pglite" | "postgres";

/**
 * What shapes the members' data: their tables and indexes, the demo world's generators, this loader.
 * (Not server/db/seed.ts, which changes often for other reasons: after a change of what
 * seedDemoData writes, delete node_modules/.cache/recall-bench and the bench_* schemas.)
 */
const SOURCES = [
  "server/db/migrations/0002_practices_and_members.ts",
  "server/db/migrations/0010_members_search_indexes.ts",
  "server/db/migrations/0013_members_list_keys.ts",
  "demo/members.ts",
  "demo/practices.ts",
  "bench/load.ts",
];

/**
 * Loads made by this loader before the worked columns moved to member_work (migration 0054), by
 * size: once migrated they hold the same members as a load made now, so they are kept, not
 * loaded again (a million members take minutes to load).
 */
const SAME_MEMBERS_AS: Record<number, string> = { 3000: "59045125ef3f", 20000: "25e1909568fa", 200000: "7cbff0ab463f", 1000000: "b138d4d37d3c" };

/** A load of `size` members this loader accepts: one of its sources now, or an earlier one holding the same members. */
const accepted = (size: number, hash: string | undefined) => hash !== undefined && (hash === sourceHash(size) || hash === SAME_MEMBERS_AS[size]);

export function sourceHash(size: number): string {
  const hash = createHash("sha256").update(String(size));
  for (const file of SOURCES) hash.update(file).update(readFileSync(join(ROOT, file)));
  return hash.digest("hex").slice(0, 12);
}

const log = (message: string) => console.error(`[load] ${message}`);

/**
 * Runs `work` with the members' secondary indexes dropped, then builds them again: building an
 * index once is far faster than updating ~50 of them (trigram ones too) row by row.
 */
async function withoutMemberIndexes(database: DatabaseHandle, work: () => Promise<void>): Promise<void> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename = 'members'
      and indexname not in (select conname from pg_constraint)`.execute(database.db);
  for (const row of rows) await sql`drop index ${sql.id(row.name)}`.execute(database.db);
  await work();
  for (const row of rows) await sql.raw(row.definition).execute(database.db);
}

/** Migrates and loads `size` members (resuming copies already made), then gathers statistics. */
export async function fill(database: DatabaseHandle, size: number): Promise<void> {
  const started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 1000);
  await migrateToLatest(database.db);
  if (!(await isSeeded(database.db))) {
    await seedDemoData(database.db, { size: Math.min(size, GENERATED) });
    log(`seeded ${Math.min(size, GENERATED)} generated members in ${seconds()} s`);
  }
  const { rows } = await sql<{ n: string }>`select count(*) as n from members`.execute(database.db);
  // The seed made copy 0 (up to GENERATED members); each copy after it is GENERATED more.
  const loaded = Number(rows[0]!.n);
  if (loaded < size) {
    await withoutMemberIndexes(database, async () => {
      for (let copy = Math.ceil(loaded / GENERATED); copy * GENERATED < size; copy += 1) {
        const count = Math.min(GENERATED, size - copy * GENERATED);
        await sql`
          insert into members (id, company, subscriber_id, pat_num, mco, first_name, middle_name, last_name, practice_id,
            dentist_id, address1, city, state, phone, date_of_birth, days_extracted, entry_time)
          select m.id + ${copy * GENERATED}, m.company, ${String(copy)} || substr(m.subscriber_id, 2), ${String(copy)} || m.pat_num, m.mco,
            a.first_name, a.middle_name, b.last_name, m.practice_id, m.dentist_id, m.address1, m.city, m.state, c.phone,
            m.date_of_birth, m.days_extracted, m.entry_time
          from members m
          join members a on a.id = (m.id + ${copy * 7919}) % ${GENERATED} + 1
          join members b on b.id = (m.id + ${copy * 104_729}) % ${GENERATED} + 1
          join members c on c.id = (m.id + ${copy * 15_485_863}) % ${GENERATED} + 1
          where m.id <= ${count}`.execute(database.db);
        // What the practices decided of the member copied (member_visits, migration 0060) and what agents
        // wrote on it (member_work, 0054): the insert made their rows.
        await sql`
          update member_visits v set status = s.status, last_visit = s.last_visit, next_apt = s.next_apt
          from member_visits s where s.member_id <= ${count} and v.member_id = s.member_id + ${copy * GENERATED}`.execute(database.db);
        await sql`
          update member_work w set result = s.result, notes = s.notes, notes_at = s.notes_at
          from member_work s where s.member_id <= ${count} and w.member_id = s.member_id + ${copy * GENERATED}`.execute(database.db);
        log(`copy ${copy}: ${count} more members, ${seconds()} s`);
      }
    });
    await resetIdentity(database.db, "members");
    log(`indexes built again, ${seconds()} s`);
  }
  // PGlite has no autovacuum, and PostgreSQL's may not have run yet: plans need the statistics.
  await sql`vacuum analyze`.execute(database.db);
  log(`loaded ${size} members in ${seconds()} s`);
}

/** The benchmark database of that engine and size, loaded if it is not yet. */
export async function benchDatabase(engine: Engine, size: number): Promise<DatabaseHandle> {
  const hash = sourceHash(size);
  if (engine === "pglite") {
    const earlier = join(CACHE, `pglite-${size}-${SAME_MEMBERS_AS[size]}`);
    if (SAME_MEMBERS_AS[size] && existsSync(join(earlier, "bench-ready"))) return openDatabase({ dataDir: earlier });
    const dataDir = join(CACHE, `pglite-${size}-${hash}`);
    const ready = join(dataDir, "bench-ready");
    if (existsSync(dataDir) && !existsSync(ready)) rmSync(dataDir, { recursive: true, force: true });
    const fresh = !existsSync(dataDir);
    if (fresh) {
      mkdirSync(CACHE, { recursive: true });
      for (const name of readdirSync(CACHE)) if (name.startsWith(`pglite-${size}-`)) rmSync(join(CACHE, name), { recursive: true, force: true });
      log(`PGlite ${size} members: loading (once per change of the sources)`);
    }
    const database = await openDatabase({ dataDir });
    if (fresh) {
      await fill(database, size);
      await database.close();
      writeFileSync(ready, hash);
      return openDatabase({ dataDir });
    }
    return database;
  }
  const url = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_URL;
  // BENCH_SCHEMA_PREFIX: another worktree's benchmarks on the same database keep their own schemas.
  const schema = `${process.env.BENCH_SCHEMA_PREFIX ?? "bench"}_${size}`;
  const admin = await openDatabase({ url });
  try {
    await sql`create table if not exists public.bench_ready (schema text primary key, hash text not null)`.execute(admin.db);
    const { rows } = await sql<{ hash: string }>`select hash from public.bench_ready where schema = ${schema}`.execute(admin.db);
    if (accepted(size, rows[0]?.hash)) return openDatabase({ url, schema });
    log(`PostgreSQL ${size} members in schema ${schema}: loading (once per change of the sources)`);
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    const database = await openDatabase({ url, schema });
    await fill(database, size);
    await sql`insert into public.bench_ready values (${schema}, ${hash}) on conflict (schema) do update set hash = excluded.hash`.execute(admin.db);
    return database;
  } finally {
    await admin.close();
  }
}
