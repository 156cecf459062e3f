// Leads (source, furthest stage, won/lost and when) for the quality index and the lead data report,
// and new patients' first visits with their origin for the new patient origin report, indexed for
// each report's filters. The contact data report reads the result history (0002's results).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("leads")
    .addColumn("id", "integer", (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn("practice_id", "integer", (col) => col.notNull().references("practices.id"))
    .addColumn("source", "text", (col) => col.notNull())
    // The furthest stage the lead reached (the quality index's sales funnel).
    .addColumn("stage", "text", (col) => col.notNull().check(sql`stage in ('Lead', 'Contacted', 'Appointment Set', 'Visited', 'Won')`))
    .addColumn("outcome", "text", (col) => col.notNull().check(sql`outcome in ('open', 'won', 'lost')`))
    .addColumn("lost_reason", "text")
    .addColumn("created_at", "timestamptz", (col) => col.notNull())
    // When it was won or lost; null while it is open.
    .addColumn("closed_at", "timestamptz")
    .addCheckConstraint("leads_closed_when_decided", sql`(outcome = 'open') = (closed_at is null)`)
    .addCheckConstraint("leads_reason_when_lost", sql`(outcome = 'lost') = (lost_reason is not null)`)
    .execute();
  // Leads entered in a range of days, per practice (lead data; quality index conversion and funnel).
  await db.schema.createIndex("leads_created_at_idx").on("leads").columns(["created_at", "practice_id"]).execute();
  // Leads decided in a range of days (quality index won/lost): only decided leads are indexed.
  await db.schema
    .createIndex("leads_closed_at_idx")
    .on("leads")
    .columns(["closed_at", "outcome", "practice_id"])
    .where(sql.ref("closed_at"), "is not", null)
    .execute();

  await db.schema
    .createTable("first_visits")
    .addColumn("id", "integer", (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn("member_id", "integer", (col) => col.notNull().references("members.id"))
    .addColumn("practice_id", "integer", (col) => col.notNull().references("practices.id"))
    .addColumn("pat_num", "text", (col) => col.notNull())
    .addColumn("first_visit_date", "date", (col) => col.notNull())
    // How the new patient found the practice.
    .addColumn("origin", "text", (col) => col.notNull())
    // The member's result when the visit was recorded (a column of the report's CSV).
    .addColumn("result", "text", (col) => col.notNull())
    .execute();
  // The report asks for whole months, optionally a few practices.
  await db.schema.createIndex("first_visits_date_practice_idx").on("first_visits").columns(["first_visit_date", "practice_id"]).execute();
  // The brand filter joins the member.
  await db.schema.createIndex("first_visits_member_idx").on("first_visits").column("member_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("first_visits").execute();
  await db.schema.dropTable("leads").execute();
}
