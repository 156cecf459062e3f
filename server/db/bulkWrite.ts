// Writing many rows at once (the demo seed, benchmarks): inserts in chunks that stay under the
// drivers' parameter limits, and identity columns moved past rows given explicit ids.
import { sql, type Kysely } from "kysely";
import type { Database } from "./database.ts";

const CHUNK = 1000;

export async function insertChunked<T>(rows: readonly T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

/** Identity columns given explicit ids continue after the largest one. */
export async function resetIdentity(db: Kysely<Database>, table: string): Promise<void> {
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
}
