// Read replicas (DATABASE_REPLICA_URL): the reads that may be a few seconds old (reports, exports,
// usage and call activity, the board's day counts) go to a streaming replica, round robin; every
// write, the members list an agent works and everything inside a transaction stay on the primary.
// Each replica's lag is looked at every second; one behind by more than REPLICA_MAX_LAG_SECONDS or
// not answering gets no reads until it is caught up again, and with none left the reads go to the
// primary. A read whose replica breaks under it is asked again (server/db/connectionLost.ts), and
// `lost()` sends that second try to the primary.
//
// Read-your-writes: after a session's request that wrote, the primary's WAL position is kept for
// that session, and its reads go only to a replica whose last look saw it replayed that far (the
// primary otherwise): whoever saves and then opens a report sees their save in it. The position is
// forgotten once every replica is past it. Kept in this instance's memory: behind a load balancer,
// a session's requests reach one instance (sticky sessions) for this to hold across them.
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "./database.ts";
import { currentLsn, lastMigration, replicaState } from "./replicaLag.repository.ts";

export type ReplicaHealth = "serving" | "lagging" | "unreachable";

export interface ReplicaStatus {
  /** host:port/database, without credentials. */
  name: string;
  health: ReplicaHealth;
  /** Seconds behind the primary at the last look; null when it did not answer. */
  lagSeconds: number | null;
}

interface Replica extends ReplicaStatus {
  db: Kysely<Database>;
  /** What the last look saw replayed; null when it did not answer. */
  replayedLsn: bigint | null;
  /** A server that accepts writes, configured as a replica: said once. */
  warned: boolean;
}

export interface ReadChoice {
  db: Kysely<Database>;
  /** Seconds the answer may be behind the primary: 0 on the primary. */
  lagSeconds: number;
}

export class ReplicaRefused extends Error {}

const nameOf = (url: string) => {
  const { hostname, port, pathname } = new URL(url);
  return `${hostname}:${port || "5432"}${pathname}`;
};

export class ReadReplicas {
  readonly #primary: Kysely<Database>;
  readonly #replicas: Replica[];
  readonly #maxLagSeconds: number;
  readonly #warn: (message: string) => void;
  #next = 0;
  /** Session id → the primary's WAL position after that session's last write. */
  readonly #written = new Map<string, bigint>();
  #timer: NodeJS.Timeout | undefined;

  constructor(primary: Kysely<Database>, urls: string[], maxLagSeconds: number, warn: (message: string) => void) {
    this.#primary = primary;
    this.#maxLagSeconds = maxLagSeconds;
    this.#warn = warn;
    this.#replicas = urls.map((url) => {
      const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 2_000 });
      // A replica that goes away is looked after by the lag checks; its errors must not end the process.
      pool.on("error", () => {});
      pool.on("connect", (client) => client.on("error", () => {}));
      return { name: nameOf(url), db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), health: "unreachable", lagSeconds: null, replayedLsn: null, warned: false };
    });
  }

  get configured(): boolean {
    return this.#replicas.length > 0;
  }

  /**
   * At start: each replica must carry the primary's schema. A replica just behind a migration is
   * waited for a moment (`patienceMs`); one of another database never catches up and is refused.
   */
  async verify(patienceMs = 10_000): Promise<void> {
    const expected = await lastMigration(this.#primary);
    for (const replica of this.#replicas) {
      const started = Date.now();
      let found = await lastMigration(replica.db).catch(() => undefined);
      while (found !== expected && Date.now() - started < patienceMs) {
        await new Promise((done) => setTimeout(done, 200));
        found = await lastMigration(replica.db).catch(() => undefined);
      }
      if (found === undefined) continue; // Not answering: it gets reads once it does.
      if (found !== expected) {
        throw new ReplicaRefused(
          `DATABASE_REPLICA_URL ${replica.name} is refused: the schema's migration version differs (the replica's is ${found ?? "none"}, the primary's ${expected ?? "none"}); is it a replica of DATABASE_URL's database?`,
        );
      }
    }
    await this.check();
  }

  /** Looks at every replica's lag once. */
  async check(): Promise<void> {
    await Promise.all(
      this.#replicas.map(async (replica) => {
        try {
          const state = await replicaState(replica.db);
          if (!state.replays && !replica.warned) {
            replica.warned = true;
            this.#warn(`DATABASE_REPLICA_URL ${replica.name} accepts writes: it is a primary, not a replica. Reads sent to it work, but take no load off the primary`);
          }
          replica.lagSeconds = state.lagSeconds;
          replica.replayedLsn = state.replayedLsn;
          replica.health = state.lagSeconds > this.#maxLagSeconds ? "lagging" : "serving";
        } catch {
          replica.lagSeconds = null;
          replica.replayedLsn = null;
          replica.health = "unreachable";
        }
      }),
    );
    this.#forgetReplayedWrites();
  }

  /** A session's request wrote: until a replica has replayed this far, that session reads from the primary. */
  async wrote(sessionId: string): Promise<void> {
    this.#written.set(sessionId, await currentLsn(this.#primary));
  }

  /** A position every answering replica has replayed is needed no more (one that does not answer gets no reads). */
  #forgetReplayedWrites(): void {
    const replayed = this.#replicas.flatMap((replica) => (replica.replayedLsn === null ? [] : [replica.replayedLsn]));
    if (replayed.length === 0) return;
    const least = replayed.reduce((a, b) => (a < b ? a : b));
    for (const [sessionId, lsn] of this.#written) if (lsn <= least) this.#written.delete(sessionId);
  }

  /** Looks every `everyMs` until stopped. */
  start(everyMs = 1_000): void {
    this.#timer = setInterval(() => void this.check(), everyMs);
    this.#timer.unref();
  }

  /** A read broke under a request: no replica gets reads until the next look says it answers. */
  lost(): void {
    for (const replica of this.#replicas) replica.health = "unreachable";
  }

  /** Where a read that may be a few seconds old goes now; a session's reads see that session's writes. */
  reads(sessionId?: string): ReadChoice {
    const written = sessionId === undefined ? undefined : this.#written.get(sessionId);
    const serving = this.#replicas.filter(
      (replica) => replica.health === "serving" && (written === undefined || (replica.replayedLsn !== null && replica.replayedLsn >= written)),
    );
    if (serving.length === 0) return { db: this.#primary, lagSeconds: 0 };
    const replica = serving[this.#next++ % serving.length]!;
    return { db: replica.db, lagSeconds: replica.lagSeconds ?? 0 };
  }

  status(): ReplicaStatus[] {
    return this.#replicas.map(({ name, health, lagSeconds }) => ({ name, health, lagSeconds }));
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await Promise.all(this.#replicas.map((replica) => replica.db.destroy()));
  }
}

