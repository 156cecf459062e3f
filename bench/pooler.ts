// BENCH_POOLER_URL: the bench's server reaches its database through a transaction pooler
// (PgBouncer), with LISTEN and the migrations straight to it. A pooler passes no search_path at
// connection, so the database's own default names the bench's schema: use a copy of the bench
// database, since that default applies to every connection to it.
import { sql } from "kysely";
import { openDatabase, type DatabaseHandle } from "../server/db/connection.ts";
import { benchDatabase, DEFAULT_BENCH_URL } from "./load.ts";

/** The PostgreSQL bench database of `size` members (loaded when needed), through the pooler when BENCH_POOLER_URL is set. */
export async function benchDatabaseBehindPooler(size: number): Promise<DatabaseHandle> {
  const direct = await benchDatabase("postgres", size);
  const pooler = process.env.BENCH_POOLER_URL;
  if (!pooler) return direct;
  const { rows } = await sql<{ database: string; schema: string }>`select current_database() as database, current_schema() as schema`.execute(direct.db);
  await sql`alter database ${sql.id(rows[0]!.database)} set search_path = ${sql.id(rows[0]!.schema)}, public`.execute(direct.db);
  await direct.close();
  return openDatabase({ url: pooler, directUrl: process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_URL });
}
