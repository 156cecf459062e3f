// The deleted appointments views in SQL (openapi.yaml, deleted-appointments): by group (region), by
// practice with reasons, and one by one, over a range of days of deletion in the group's time zone.
import { sql, type Kysely } from "kysely";
import type { components } from "../../contract/schema.d.ts";
import type { Database } from "../db/database.ts";
import type { DateRange } from "../../domain/calendar.ts";
import { withinDays } from "./periods.repository.ts";

type Schemas = components["schemas"];
type Region = Schemas["Region"];

export interface DeletedFilters extends DateRange {
  /** The zone of the range's days. */
  timeZone: string;
  /** A region name, or "all". */
  region: Schemas["RegionFilter"];
  /** A practice id; undefined for every practice. */
  practiceId: number | undefined;
}

/** The deletions of the range and the filters, joined to their practice and region. */
function matching(db: Kysely<Database>, filters: DeletedFilters) {
  let q = db
    .selectFrom("deleted_appointments as d")
    .innerJoin("practices as p", "p.id", "d.practice_id")
    .innerJoin("regions as r", "r.id", "p.region_id")
    .where(withinDays(sql.ref("d.deleted_at"), filters, filters.timeZone));
  if (filters.region !== "all") q = q.where("r.name", "=", filters.region);
  if (filters.practiceId !== undefined) q = q.where("d.practice_id", "=", filters.practiceId);
  return q;
}

/** One row per group within the region filter, zeros included, alphabetical (3CD, FSD, OTD, SMD). */
export async function deletionsByGroup(db: Kysely<Database>, filters: DeletedFilters): Promise<Schemas["DeletedAppointmentsGroup"][]> {
  const counted = matching(db, filters)
    .select(["r.id as region_id", sql<number>`count(*)::int`.as("count"), sql<number>`count(distinct d.practice_id)::int`.as("practices")])
    .groupBy("r.id");
  let q = db
    .selectFrom("regions as g")
    .leftJoin(counted.as("c"), "c.region_id", "g.id")
    .select([sql<Region>`g.name`.as("group"), sql<number>`coalesce(c.count, 0)`.as("count"), sql<number>`coalesce(c.practices, 0)`.as("practices")]);
  if (filters.region !== "all") q = q.where("g.name", "=", filters.region);
  return q.orderBy(sql`g.name collate "C"`).execute();
}

/** One row per practice with deletions, sorted by practice, ties by id; reasons most first, then by reason. */
export async function deletionsByPractice(db: Kysely<Database>, filters: DeletedFilters): Promise<Schemas["DeletedAppointmentsSummaryRow"][]> {
  const counts = await matching(db, filters)
    .select(["p.id", "p.abbr", sql<Region>`r.name`.as("region"), "d.reason", sql<number>`count(*)::int`.as("count")])
    .groupBy(["p.id", "p.abbr", "r.name", "d.reason"])
    .orderBy(sql`p.abbr collate "C"`)
    .orderBy("p.id")
    .orderBy("count", "desc")
    .orderBy(sql`d.reason collate "C"`)
    .execute();
  const rows: Schemas["DeletedAppointmentsSummaryRow"][] = [];
  for (const { id, abbr, region, reason, count } of counts) {
    let row = rows.at(-1);
    if (row?.practiceId !== id) rows.push((row = { practice: abbr, practiceId: id, region, count: 0, byReason: [] }));
    row.count += count;
    row.byReason.push({ reason, count });
  }
  return rows;
}

export async function countDeletions(db: Kysely<Database>, filters: DeletedFilters): Promise<number> {
  const { count } = await matching(db, filters).select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow();
  return count;
}

/** The deletions in the views' order, newest first, ties by id descending. */
function newestFirst(db: Kysely<Database>, filters: DeletedFilters) {
  return matching(db, filters)
    .select(["d.id", "p.abbr", "d.practice_id", "d.pat_num", "d.patient_name", "d.appointment_date", "d.deleted_at", "d.deleted_by", "d.reason"])
    .orderBy("d.deleted_at", "desc")
    .orderBy("d.id", "desc");
}

/** One page of the deletions, newest first, ties by id descending. */
export async function deletionsPage(db: Kysely<Database>, filters: DeletedFilters, offset: number, limit: number) {
  return newestFirst(db, filters).offset(offset).limit(limit).execute();
}

/**
 * Every deletion of the filters in the views' order, `batchSize` at a time: each batch a query of
 * its own starting after the last row of the one before (compared with that row's own stored
 * time, so no precision is lost in JavaScript). Nothing stays open between batches.
 */
export async function* deletionsInBatches(db: Kysely<Database>, filters: DeletedFilters, batchSize: number) {
  let lastId: number | undefined;
  for (;;) {
    let q = newestFirst(db, filters);
    if (lastId !== undefined) {
      q = q.where(sql<boolean>`(d.deleted_at, d.id) < (select deleted_at, id from deleted_appointments where id = ${lastId})`);
    }
    const rows = await q.limit(batchSize).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    lastId = rows.at(-1)!.id;
  }
}

/** The members a page of deletions names (same practice and PatNum), for the audit log. */
export async function memberIdsOf(db: Kysely<Database>, patients: readonly { practice_id: number; pat_num: string }[]): Promise<number[]> {
  if (patients.length === 0) return [];
  // Compared in "C" so that the PatNum sort index (0002) finds them.
  const found = await db
    .selectFrom("members")
    .select(["id", "practice_id", "pat_num"])
    .where(sql<string>`pat_num collate "C"`, "in", [...new Set(patients.map((patient) => patient.pat_num))])
    .execute();
  const wanted = new Set(patients.map((patient) => `${patient.practice_id}:${patient.pat_num}`));
  return found.filter((member) => wanted.has(`${member.practice_id}:${member.pat_num}`)).map((member) => member.id);
}
