// A migrated, seeded PGlite database as a dump, cached on disk: creating a PGlite database takes
// 4–10 s (initdb in WebAssembly), loading a dump ~1.5 s, so each test file starts from a copy.
// The cache key covers everything that shapes the data: migrations, seed, the demo world and its rules.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { openDatabase } from "./connection.ts";
import { migrateToLatest } from "./migrate.ts";
import { seedDemoData, type SeedOptions } from "./seed.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SOURCES = ["server/db", "server/feeds", "demo", "domain"];

export function sourceHash(options: SeedOptions): string {
  const hash = createHash("sha256").update(JSON.stringify(options));
  for (const folder of SOURCES) {
    const files = readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".ts")).sort();
    for (const name of files) hash.update(name).update(readFileSync(join(ROOT, folder, name)));
  }
  return hash.digest("hex").slice(0, 16);
}

export async function createTemplate(options: SeedOptions): Promise<Blob> {
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await migrateToLatest(database.db);
    await seedDemoData(database.db, options);
    await sql`VACUUM ANALYZE`.execute(database.db);
    return await database.pglite!.dumpDataDir("gzip");
  } finally {
    await database.close();
  }
}

/** The cached dump for these options, created once per change of the sources. */
export async function seededTemplate(options: SeedOptions, cacheDir = join(ROOT, "node_modules", ".cache", "recall-desk-db")): Promise<Blob> {
  // Named by size too: a template of another size (the e2e's, a benchmark's) is kept, not evicted.
  const prefix = `demo-${options.size ?? "default"}-`;
  const file = join(cacheDir, `${prefix}${sourceHash(options)}.tar.gz`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const template = await createTemplate(options);
  mkdirSync(cacheDir, { recursive: true });
  // Written aside, then renamed: parallel test files never read half a file.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await template.arrayBuffer()));
  renameSync(partial, file);
  // Dumps of older sources are never read again.
  for (const name of readdirSync(cacheDir)) {
    if (name.startsWith(prefix) && name.endsWith(".tar.gz") && join(cacheDir, name) !== file) rmSync(join(cacheDir, name), { force: true });
  }
  return template;
}
