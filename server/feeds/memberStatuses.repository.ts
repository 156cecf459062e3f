// What a `status` live event carries of members a practice feed changed.
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { components } from "../../contract/schema.d.ts";

type Status = components["schemas"]["MemberStatus"];

export async function memberStatuses(db: Kysely<Database>, memberIds: readonly number[]) {
  if (memberIds.length === 0) return [];
  const rows = await db.selectFrom("members").select(["id", "status", "last_visit", "next_apt"]).where("id", "in", memberIds).orderBy("id").execute();
  return rows.map((row) => ({
    id: row.id,
    Status: row.status as Status,
    LastVisit: row.last_visit,
    NextApt: row.next_apt === null ? null : new Date(row.next_apt).toISOString(),
  }));
}
