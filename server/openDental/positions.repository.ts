// The connector's positions (migration 0035): per source database and table, the change stamp and
// key the last applied page ended at.
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { ChangedTable, Position } from "./changes.repository.ts";

export async function readPositions(db: Kysely<Database>, source: string): Promise<Map<ChangedTable, Position>> {
  const rows = await db.selectFrom("connector_positions").select(["table_name", "stamp", "key"]).where("source", "=", source).execute();
  return new Map(rows.map((row) => [row.table_name as ChangedTable, { stamp: row.stamp, key: row.key }]));
}

/** Within the transaction that applied the rows up to it. */
export async function savePosition(db: Kysely<Database>, source: string, table: ChangedTable, position: Position, now: Date): Promise<void> {
  await db
    .insertInto("connector_positions")
    .values({ source, table_name: table, stamp: position.stamp, key: position.key, updated_at: now })
    .onConflict((conflict) => conflict.columns(["source", "table_name"]).doUpdateSet({ stamp: position.stamp, key: position.key, updated_at: now }))
    .execute();
}
