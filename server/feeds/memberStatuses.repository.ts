// What a `status` live event carries of members a practice feed changed, and a member's
// appointments for "Why this member?".
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { components } from "../../contract/schema.d.ts";
import type { AppointmentStatus } from "../../domain/feeds/records.ts";

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

/** The appointments the practice's schedule holds of a member (matched by practice and patient number). */
export async function appointmentsOfMember(db: Kysely<Database>, memberId: number) {
  const rows = await db
    .selectFrom("appointments as a")
    .innerJoin("members as m", (join) => join.onRef("m.practice_id", "=", "a.practice_id").onRef("m.pat_num", "=", "a.pat_num"))
    .select(["a.status", "a.starts_at"])
    .where("m.id", "=", memberId)
    .where("m.pat_num", "<>", "")
    .execute();
  return rows.map((row) => ({ status: row.status as AppointmentStatus, startsAt: new Date(row.starts_at).toISOString() }));
}
