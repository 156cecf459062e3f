// @vitest-environment node
// The database layer where the contract suite does not reach: migrations down and up again, the
// data folder lock, PGlite closed with the app, and statements prepared on PostgreSQL.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql, type Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./connection.ts";
import type { Database } from "./database.ts";
import { FolderLockedError, LOCK_FILE, lockDataFolder } from "./lock.ts";
import { migrateDown, migrateToLatest, MIGRATIONS } from "./migrate.ts";
import { MOST_PREPARED, PREPARED } from "./preparedStatements.ts";

const folders: string[] = [];
function freshFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "recall-desk-db-"));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function tables(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = current_schema() order by 1`.execute(db);
  return rows.map((row) => row.tablename);
}

describe("migrations", () => {
  it("go up to the latest, down one by one to nothing, and up again", { timeout: 60_000 }, async () => {
    const database = await openDatabase({ dataDir: "memory://" });
    try {
      await migrateToLatest(database.db);
      expect(await tables(database.db)).toEqual(expect.arrayContaining(["users", "sessions", "members", "notes", "results"]));
      for (let step = Object.keys(MIGRATIONS).length; step > 0; step -= 1) await migrateDown(database.db);
      expect((await tables(database.db)).filter((name) => !name.startsWith("kysely_"))).toEqual([]);
      await migrateToLatest(database.db);
      // A trigram search works once the index exists (pg_trgm is loaded with every PGlite).
      const { rows } = await sql`select id from members where first_name || ' ' || last_name ilike ${"%ann%"}`.execute(database.db);
      expect(rows).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe("the data folder lock", () => {
  it("refuses a second owner while the first runs, with a message naming the folder", () => {
    const folder = freshFolder();
    const release = lockDataFolder(folder);
    // The parent of this test process is alive: it stands for another server on the folder.
    expect(() => lockDataFolder(folder, process.ppid)).toThrow(FolderLockedError);
    expect(() => lockDataFolder(folder, process.ppid)).toThrow(folder);
    release();
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
  });

  it("takes over a lock left by a process that is gone", () => {
    const folder = freshFolder();
    writeFileSync(join(folder, LOCK_FILE), "2147483646");
    const release = lockDataFolder(folder);
    expect(readFileSync(join(folder, LOCK_FILE), "utf8")).toBe(String(process.pid));
    release();
  });
});

describe("PGlite on a folder", () => {
  it("keeps committed rows after close, releases the lock, and refuses a second open meanwhile", { timeout: 60_000 }, async () => {
    const folder = freshFolder();
    const first = await openDatabase({ dataDir: folder });
    await migrateToLatest(first.db);
    await first.db.insertInto("regions").values({ id: 1, name: "SMD", brand_name: "Smile Magic" }).execute();
    expect(existsSync(join(folder, LOCK_FILE))).toBe(true);
    await expect(openDatabase({ dataDir: folder })).rejects.toThrow(FolderLockedError);
    await first.close();
    expect(first.pglite?.closed).toBe(true);
    expect(existsSync(join(folder, LOCK_FILE))).toBe(false);

    const again = await openDatabase({ dataDir: folder });
    try {
      expect(await again.db.selectFrom("regions").select("name").execute()).toEqual([{ name: "SMD" }]);
    } finally {
      await again.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL_TEST)("statements marked PREPARED on PostgreSQL", () => {
  it("keeps at most MOST_PREPARED a connection, lets the least recently used go, and prepares it again when it comes back", async () => {
    const database = await openDatabase({ url: process.env.DATABASE_URL_TEST });
    const client = await database.pool.connect();
    try {
      const text = (n: number) => sql`${PREPARED}select ${sql.lit(n)}::int as n`.compile(database.db).sql;
      const run = async (n: number) => (await client.query<{ n: number }>(text(n))).rows;
      const prepared = async () => (await client.query<{ statement: string }>("select statement from pg_prepared_statements")).rows.map((row) => row.statement);
      for (let n = 0; n <= MOST_PREPARED; n += 1) expect(await run(n)).toEqual([{ n }]);
      const kept = await prepared();
      expect(kept).toHaveLength(MOST_PREPARED);
      expect(kept).not.toContain(text(0));
      expect(kept).toContain(text(MOST_PREPARED));
      // Statement 1 is now the least recently used: statement 0 comes back in its place.
      expect(await run(0)).toEqual([{ n: 0 }]);
      expect(await prepared()).toContain(text(0));
      expect(await prepared()).not.toContain(text(1));
      expect(await run(1)).toEqual([{ n: 1 }]);
    } finally {
      client.release();
      await database.close();
    }
  });
});
