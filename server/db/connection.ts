// One Kysely over one node-postgres pool for both engines (docs/conventions.md, Traps of the toolchain): a PostgreSQL
// server by URL, or PGlite in process through its node-postgres adapter (one connection).
// The pool may reach PostgreSQL through a transaction pooler (PgBouncer): every request's statements
// then keep no session state (docs/operations.md, Behind a connection pooler). What needs a session
// of its own, LISTEN and the migrations, goes to the direct URL when one is given.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "./database.ts";
import { lockDataFolder } from "./lock.ts";
import { pgliteNotifications, postgresNotifications, type Notifications } from "./notifications.ts";
import { writeLane, type WriteLane } from "./writeLane.ts";
import { preparingMarked } from "./preparedStatements.ts";

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: "pglite" | "postgres";
  /** PGlite only: e.g. VACUUM ANALYZE after a bulk load (PGlite has no autovacuum). */
  pglite: PGlite | undefined;
  /** The connections (metrics: how many are busy, how many requests wait for one). */
  pool: pg.Pool;
  /** Where saves wait for a connection, leaving some to reads (server/db/writeLane.ts). */
  saves: WriteLane;
  /** LISTEN for what transactions NOTIFY (server/db/notifications.ts), on a direct connection. */
  notifications: Notifications;
  /** The migrations' connection: the direct URL's (one connection), else `db` itself. */
  direct: Kysely<Database>;
  close: () => Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server, possibly through a transaction pooler; otherwise PGlite. */
  url?: string | undefined;
  /** The same server without the pooler, for LISTEN and the migrations; unset: `url`. */
  directUrl?: string | undefined;
  /** PGlite's folder; "memory://" for a database that lives only as long as the process. */
  dataDir?: string;
  /** A PostgreSQL schema to work in (benchmarks, the team and OpenID walks: a fresh schema per run). */
  schema?: string;
  /** PGlite only: start from this dump (the bytes of `dumpDataDir("none")`) instead of an empty database. */
  template?: Uint8Array<ArrayBuffer>;
}

/** Every PGlite is opened here: once a trigram index exists, even a plain ILIKE needs pg_trgm loaded. */
export async function openPglite(dataDir: string, template?: Uint8Array<ArrayBuffer>): Promise<PGlite> {
  return PGlite.create({
    ...(dataDir === "memory://" ? {} : { dataDir }),
    ...(template ? { loadDataDir: new DumpBlob(template) } : {}),
    extensions: { pg_trgm },
  });
}

/**
 * A dump's bytes as the Blob that PGlite's `loadDataDir` takes. PGlite reads it once, whole, with
 * `arrayBuffer()`, and copies every file out of it: handed over as they are, the bytes are never
 * changed. Node's own Blob hands its bytes out in chunks and joins them again: ~1 s of processor
 * time for a 70 MB dump, every database opened from it.
 */
class DumpBlob extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>;

  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super();
    this.#bytes = bytes;
  }

  override get size(): number {
    return this.#bytes.byteLength;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#bytes;
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    return Promise.resolve(whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }
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

/**
 * A connection that the pooler or the server ends (a restart, KILL) is an "error" event, of the
 * pool when the connection was idle and of the connection itself when a request holds it between
 * queries; unheard, either would end the process. The query under way fails on its own (and the
 * request with it); the pool drops the connection and makes a new one for the next query.
 */
function keepingOnWhenConnectionsBreak(pool: pg.Pool): pg.Pool {
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  return pool;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    // A test schema first; extensions (pg_trgm) live in public, shared by every schema. A pooler
    // refuses this start-up option: tests through one use a database of their own instead.
    const searchPath = options.schema ? { options: `-c search_path=${options.schema},public` } : {};
    const connection = { connectionString: options.url, ...searchPath };
    const directConnection = { connectionString: options.directUrl ?? options.url, ...searchPath };
    // A database that cannot be reached fails a request in 10 s rather than holding it forever.
    const pooled = keepingOnWhenConnectionsBreak(new pg.Pool({ ...connection, max: 10, connectionTimeoutMillis: 10_000 }));
    const pool = options.directUrl ? pooled : preparingMarked(pooled);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const direct = options.directUrl
      ? new Kysely<Database>({
          dialect: new PostgresDialect({ pool: keepingOnWhenConnectionsBreak(new pg.Pool({ ...directConnection, max: 1, connectionTimeoutMillis: 10_000 })) }),
        })
      : db;
    const close = async () => {
      if (direct !== db) await direct.destroy();
      await db.destroy();
    };
    // Two of the ten connections stay free for reads.
    return { db, engine: "postgres", pglite: undefined, pool, saves: writeLane(8), notifications: postgresNotifications(directConnection), direct, close };
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
    direct: db,
    close: async () => {
      // Closing the pool leaves PGlite running and the process never exits: close both.
      await db.destroy();
      await pglite.close();
      release();
    },
  };
}
