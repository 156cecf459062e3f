// What a `status` live event carries of members a practice feed changed, and a member's
// appointments for "Why this member?".
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { components } from "../../contract/schema.d.ts";
import type { AppointmentStatus } from "../../domain/feeds/records.ts";

type Status = components["schemas"]["MemberStatus"];

export async function memberStatuses(db: Kysely<Database>, memberIds: readonly number[]) {
  if (memberIds.length === 0) return [];
  const rows = await db
    .selectFrom("member_visits")
    .select(["member_id", "status", "last_visit", "next_apt"])
    .where("member_id", "in", memberIds)
    .orderBy("member_id")
    .execute();
  return rows.map((row) => ({
    id: row.member_id,
    Status: row.status as Status,
    LastVisit: row.last_visit,
    NextApt: row.next_apt === null ? null : new Date(row.next_apt).toISOString(),
  }));
}

/**
 * The column of a member `m`'s appointments the practice's schedule holds (matched by practice and
 * patient number), as a JSON array: read in the statement of the member Next serves.
 */
export const appointmentsColumnSql = sql`(select coalesce(json_agg(json_build_object('status', a.status, 'starts_at', a.starts_at)), '[]'::json)
  from appointments a where a.practice_id = m.practice_id and a.pat_num = m.pat_num and m.pat_num <> '') as appointments`;

export interface AppointmentRow {
  status: string;
  starts_at: string;
}

export const appointmentsOf = (rows: readonly AppointmentRow[]) =>
  rows.map((row) => ({ status: row.status as AppointmentStatus, startsAt: new Date(row.starts_at).toISOString() }));
