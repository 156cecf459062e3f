// One Kysely over one node-postgres pool for both engines (docs/conventions.md, Traps of the toolchain): a PostgreSQL
// server by URL, or PGlite in process through its node-postgres adapter (one connection).
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "./database.ts";
import { lockDataFolder } from "./lock.ts";
import { pgliteNotifications, postgresNotifications, type Notifications } from "./notifications.ts";
import { writeLane, type WriteLane } from "./writeLane.ts";

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: "pglite" | "postgres";
  /** PGlite only: e.g. VACUUM ANALYZE after a bulk load (PGlite has no autovacuum). */
  pglite: PGlite | undefined;
  /** The connections (metrics: how many are busy, how many requests wait for one). */
  pool: pg.Pool;
  /** Where saves wait for a connection, leaving some to reads (server/db/writeLane.ts). */
  saves: WriteLane;
  /** LISTEN for what transactions NOTIFY (server/db/notifications.ts). */
  notifications: Notifications;
  close: () => Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite's folder; "memory://" for a database that lives only as long as the process. */
  dataDir?: string;
  /** A PostgreSQL schema to work in (tests: a fresh schema per run). */
  schema?: string;
  /** PGlite only: start from this dump (`dumpDataDir()`) instead of an empty database. */
  template?: Blob;
}

/** Every PGlite is opened here: once a trigram index exists, even a plain ILIKE needs pg_trgm loaded. */
export async function openPglite(dataDir: string, template?: Blob): Promise<PGlite> {
  return PGlite.create({
    ...(dataDir === "memory://" ? {} : { dataDir }),
    ...(template ? { loadDataDir: template } : {}),
    extensions: { pg_trgm },
  });
}

/**
 * PGlite 0.5.16's adapter throws `types?.forEach is not a function` when a query passes per-query
 * `types` (node-postgres does); dropping a non-array `types` is enough.
 */
function pgConfigOf(pglite: PGlite) {
  const config = createPgConfig(pglite);
  const connection = config.connection as unknown as { parse: (query: { types?: unknown }) => void };
  const parse = connection.parse.bind(connection);
  connection.parse = (query) => parse(Array.isArray(query.types) ? query : { ...query, types: undefined });
  return config;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const connection = {
      connectionString: options.url,
      // A test schema first; extensions (pg_trgm) live in public, shared by every schema.
      ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
    };
    // A database that cannot be reached fails a request in 10 s rather than holding it forever.
    const pool = new pg.Pool({ ...connection, max: 10, connectionTimeoutMillis: 10_000 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    // Two of the ten connections stay free for reads.
    return { db, engine: "postgres", pglite: undefined, pool, saves: writeLane(8), notifications: postgresNotifications(connection), close: () => db.destroy() };
  }
  const dataDir = options.dataDir ?? "./data";
  const release = dataDir === "memory://" ? () => {} : lockDataFolder(dataDir);
  let pglite: PGlite;
  try {
    pglite = await openPglite(dataDir, options.template);
  } catch (error) {
    release();
    throw error;
  }
  const pool = new pg.Pool(pgConfigOf(pglite) as unknown as pg.PoolConfig);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: "pglite",
    pglite,
    pool,
    // One connection: one save waits in the pool's queue, the others here, behind the reads.
    saves: writeLane(1),
    notifications: pgliteNotifications(pglite),
    close: async () => {
      // Closing the pool leaves PGlite running and the process never exits: close both.
      await db.destroy();
      await pglite.close();
      release();
    },
  };
}
