// A database of its own on the test cluster for a test that goes through the pooler
// (DATABASE_POOLER_URL_TEST, PgBouncer in transaction mode), a copy of the migrated and seeded
// template (postgresTemplate.ts). Made and dropped through the direct connection
// (DATABASE_URL_TEST); the pooler and the replica (.ci/run) reach every database of the cluster by
// its name.
import pg from "pg";
import type { SeedOptions } from "../../server/db/seed.ts";
import { copyOfTemplate, inDatabase } from "./postgresTemplate.ts";

export interface PooledDatabase {
  /** Through the pooler. */
  url: string;
  /** The same database without the pooler: LISTEN and the migrations. */
  directUrl: string;
  /** The same database on the streaming replica, when DATABASE_REPLICA_URL_TEST is set. */
  replicaUrl: string | undefined;
  /** Waits until the replica has replayed everything written so far (at once without a replica). */
  replayed: () => Promise<void>;
  drop: () => Promise<void>;
}

/** Both variables set: tests through the pooler run; otherwise they skip. */
export const POOLER_CONFIGURED = Boolean(process.env.DATABASE_POOLER_URL_TEST && process.env.DATABASE_URL_TEST);

/** The migrated schema, with the demo data of `seed`. */
export async function createPooledDatabase(purpose: string, seed: SeedOptions): Promise<PooledDatabase> {
  const pooler = process.env.DATABASE_POOLER_URL_TEST;
  const direct = process.env.DATABASE_URL_TEST;
  if (!pooler || !direct) throw new Error("DATABASE_POOLER_URL_TEST and DATABASE_URL_TEST must be set");
  const copy = await copyOfTemplate(purpose, seed);
  const replica = process.env.DATABASE_REPLICA_URL_TEST;
  const watch = replica ? replayWatch(direct, replica) : undefined;
  return {
    url: inDatabase(pooler, copy.name),
    directUrl: copy.url,
    replicaUrl: replica ? inDatabase(replica, copy.name) : undefined,
    replayed: () => watch?.replayed() ?? Promise.resolve(),
    // FORCE ends the pooler's server connections to it as well.
    drop: async () => {
      await watch?.close();
      await copy.drop();
    },
  };
}

/**
 * Waits until the replica has replayed every write of the cluster so far (a new database appears on
 * it once its creation is replayed). The two connections are to the clusters' own databases, opened
 * at the first wait and kept for the next ones: the contract suite waits before each of its reads.
 */
function replayWatch(primaryUrl: string, replicaUrl: string): { replayed: () => Promise<void>; close: () => Promise<void> } {
  let clients: Promise<[pg.Client, pg.Client]> | undefined;
  const connected = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  };
  const open = () => (clients ??= Promise.all([connected(primaryUrl), connected(replicaUrl)]));
  return {
    async replayed() {
      const [primary, replica] = await open();
      const { rows } = await primary.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn");
      for (let waited = 0; ; waited += 20) {
        const answer = await replica.query<{ caught: boolean }>("select pg_last_wal_replay_lsn() >= $1::pg_lsn as caught", [rows[0]!.lsn]);
        if (answer.rows[0]!.caught) return;
        if (waited > 60_000) throw new Error(`the replica had not replayed ${rows[0]!.lsn} after a minute`);
        await new Promise((done) => setTimeout(done, 20));
      }
    },
    async close() {
      if (!clients) return;
      await Promise.all((await clients).map((client) => client.end()));
    },
  };
}
