// What a streaming replica says of itself: whether it replays (a server that accepts writes is no
// replica), how far behind it is, and which migration its schema is at.
import { sql, type Kysely } from "kysely";
import type { Database } from "./database.ts";

export interface ReplicaState {
  replays: boolean;
  /** 0 when everything received is replayed; else the age of the last transaction replayed. */
  lagSeconds: number;
  /** The WAL position replayed, in bytes from the start (null on a server that is not a replica). */
  replayedLsn: bigint | null;
}

export async function replicaState(db: Kysely<Database>): Promise<ReplicaState> {
  const { rows } = await sql<{ replays: boolean; lag: number | string | null; replayed: string | null }>`
    select pg_is_in_recovery() as replays,
      pg_wal_lsn_diff(pg_last_wal_replay_lsn(), '0/0')::text as replayed,
      case when not pg_is_in_recovery() or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
           else extract(epoch from now() - pg_last_xact_replay_timestamp()) end as lag`.execute(db);
  const row = rows[0]!;
  // No transaction replayed yet: as far behind as can be.
  return {
    replays: row.replays,
    lagSeconds: row.lag === null ? Number.POSITIVE_INFINITY : Math.max(0, Number(row.lag)),
    replayedLsn: row.replayed === null ? null : BigInt(row.replayed),
  };
}

/** The primary's WAL position now, in bytes from the start: every commit so far is at or before it. */
export async function currentLsn(db: Kysely<Database>): Promise<bigint> {
  const { rows } = await sql<{ lsn: string }>`select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as lsn`.execute(db);
  return BigInt(rows[0]!.lsn);
}

/** The last migration run on this database (null: none, or no migrations table in this schema). */
export async function lastMigration(db: Kysely<Database>): Promise<string | null> {
  const { rows: tables } = await sql<{ found: boolean }>`select to_regclass('kysely_migration') is not null as found`.execute(db);
  if (!tables[0]?.found) return null;
  const { rows } = await sql<{ name: string | null }>`select max(name) as name from kysely_migration`.execute(db);
  return rows[0]?.name ?? null;
}
