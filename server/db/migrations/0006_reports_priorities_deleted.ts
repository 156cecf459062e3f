// Treatment priorities (P1–P4, the priority status report) and appointments deleted from the
// practices' schedules (the deleted appointments views), indexed for each report's filters. The
// members status report reads members through the indexes of 0002 (practice, then company, MCO, result).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("treatment_priorities")
    .addColumn("id", "integer", (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn("practice_id", "integer", (col) => col.notNull().references("practices.id"))
    .addColumn("pat_num", "text", (col) => col.notNull())
    .addColumn("priority", "text", (col) => col.notNull().check(sql`priority in ('P1', 'P2', 'P3', 'P4')`))
    .execute();
  // Planned treatment is read by practice (and counted by priority).
  await db.schema.createIndex("treatment_priorities_practice_priority_idx").on("treatment_priorities").columns(["practice_id", "priority"]).execute();

  await db.schema
    .createTable("deleted_appointments")
    .addColumn("id", "integer", (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn("practice_id", "integer", (col) => col.notNull().references("practices.id"))
    .addColumn("pat_num", "text", (col) => col.notNull())
    .addColumn("patient_name", "text", (col) => col.notNull())
    .addColumn("appointment_date", "timestamptz", (col) => col.notNull())
    .addColumn("deleted_at", "timestamptz", (col) => col.notNull())
    .addColumn("deleted_by", "text", (col) => col.notNull())
    // '' when no reason was given (openapi.yaml DeletedAppointment.reason).
    .addColumn("reason", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  // Every view filters by a range of deletion days; the details page reads it newest first, ties by id.
  await db.schema.createIndex("deleted_appointments_deleted_at_idx").on("deleted_appointments").columns(["deleted_at", "id"]).execute();
  // One practice (or a region's few) over a range.
  await db.schema
    .createIndex("deleted_appointments_practice_deleted_at_idx")
    .on("deleted_appointments")
    .columns(["practice_id", "deleted_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("deleted_appointments").execute();
  await db.schema.dropTable("treatment_priorities").execute();
}
