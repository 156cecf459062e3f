// A migrated, seeded PGlite database as a dump, cached on disk: creating a PGlite database takes
// 4–10 s (initdb in WebAssembly), loading a dump ~1.5 s, so each test file starts from a copy. The
// dump is kept uncompressed: unpacking it from gzip cost every load another ~0.7 s of
// processor time.
// The cache key covers everything that shapes the data: migrations, seed, the demo world and its rules,
// and the members' queue states worked out for the tests' configuration.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql, type Kysely } from "kysely";
import { openDatabase } from "./connection.ts";
import type { Database } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";
import { seedDemoData, type SeedOptions } from "./seed.ts";
import { loadConfig } from "../config.ts";
import { ensureQueueState } from "../queue/queueState.repository.ts";
import { queueSettingOf } from "../queue/setting.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const FOLDERS = ["server/db", "server/feeds", "demo", "domain"];
const FILES = ["server/config.ts", "server/environment.ts", "server/queue/queueState.repository.ts", "server/queue/setting.ts"];

export function sourceHash(options: SeedOptions): string {
  const hash = createHash("sha256").update(JSON.stringify(options));
  for (const folder of FOLDERS) {
    const files = readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".ts")).sort();
    for (const name of files) hash.update(name).update(readFileSync(join(ROOT, folder, name)));
  }
  for (const name of FILES) hash.update(name).update(readFileSync(join(ROOT, name)));
  return hash.digest("hex").slice(0, 16);
}

/**
 * Every seeded member's queue state worked out by the rules a test's server runs with, so that
 * each test's server finds them current instead of working out all of them at its start (seconds
 * on a busy machine). Worked out as of the epoch: every wait is kept, and the server ends those
 * over by its own clock at start (a test's clock may stand anywhere, the demo calendar's too).
 */
export async function workOutQueueStates(db: Kysely<Database>): Promise<void> {
  const epoch = new Date(0);
  await ensureQueueState(db, queueSettingOf(loadConfig({ NODE_ENV: "test" })), epoch, epoch);
}

export async function createTemplate(options: SeedOptions): Promise<Uint8Array<ArrayBuffer>> {
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await migrateToLatest(database.db);
    await seedDemoData(database.db, options);
    await workOutQueueStates(database.db);
    await sql`VACUUM ANALYZE`.execute(database.db);
    // Without a checkpoint each load of the dump first replayed the log written since the last one
    // (~0.35 s of processor time a load).
    await sql`CHECKPOINT`.execute(database.db);
    const dump = await database.pglite!.dumpDataDir("none");
    const { rows } = await sql<{ name: string }>`SELECT pg_walfile_name(pg_current_wal_lsn()) AS name`.execute(database.db);
    return withoutSpareWal(new Uint8Array(await dump.arrayBuffer()), rows[0]!.name);
  } finally {
    await database.close();
  }
}

const TAR_BLOCK = 512;
const WAL_SEGMENT = /(^|\/)pg_wal\/([0-9A-F]{24})$/;

/**
 * The dump (a tar) without the log segments after the one being written: after a checkpoint
 * PostgreSQL keeps the segments it no longer needs, renamed for later use, and makes new ones when
 * they are missing. Three of them were 48 of the dump's 123 MB, copied into every database loaded.
 */
export function withoutSpareWal(tar: Uint8Array, currentSegment: string): Uint8Array<ArrayBuffer> {
  const kept: Uint8Array[] = [];
  const text = (from: number, length: number) => new TextDecoder().decode(tar.subarray(from, from + length)).replace(/\0[^]*$/, "");
  let at = 0;
  while (at + TAR_BLOCK <= tar.length) {
    const name = text(at, 100);
    if (name === "") break; // the two empty blocks that end the archive
    const size = Number.parseInt(text(at + 124, 12).trim() || "0", 8);
    const end = at + TAR_BLOCK + Math.ceil(size / TAR_BLOCK) * TAR_BLOCK;
    const segment = WAL_SEGMENT.exec(name)?.[2];
    if (segment === undefined || segment <= currentSegment) kept.push(tar.subarray(at, end));
    at = end;
  }
  kept.push(new Uint8Array(2 * TAR_BLOCK));
  const joined = Buffer.concat(kept);
  return new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength);
}

/** The cached dump for these options, created once per change of the sources. */
export async function seededTemplate(options: SeedOptions, cacheDir = join(ROOT, "node_modules", ".cache", "recall-desk-db")): Promise<Uint8Array<ArrayBuffer>> {
  // Named by size too: a template of another size (the e2e's, a benchmark's) is kept, not evicted.
  const prefix = `demo-${options.size ?? "default"}-`;
  const file = join(cacheDir, `${prefix}${sourceHash(options)}.tar`);
  if (existsSync(file)) {
    const bytes = readFileSync(file);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  const template = await createTemplate(options);
  mkdirSync(cacheDir, { recursive: true });
  // Written aside, then renamed: parallel test files never read half a file.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, template);
  renameSync(partial, file);
  // Dumps of older sources are never read again.
  for (const name of readdirSync(cacheDir)) {
    if (name.startsWith(prefix) && /\.tar(\.gz)?$/.test(name) && join(cacheDir, name) !== file) rmSync(join(cacheDir, name), { force: true });
  }
  return template;
}
