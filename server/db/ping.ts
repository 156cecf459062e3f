// Whether the database answers at all: the health call and the readiness probe ask it.
import { sql, type Kysely } from "kysely";
import type { Database } from "./database.ts";

/** Resolves once the database has answered a trivial query; rejects when it cannot. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
