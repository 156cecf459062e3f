// The user's members-list defaults, usage (page visits and report actions), feedback and the mail
// outbox. The default page and practices live on users (0001); these are the rest of the setup tag.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // POST /userSetup: one value per user, application and field (practice, status).
  await db.schema
    .createTable("user_setups")
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("app_id", "text", (col) => col.notNull())
    .addColumn("field", "text", (col) => col.notNull().check(sql`field in ('practice', 'status')`))
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("user_setups_pkey", ["user_id", "app_id", "field"])
    .execute();

  // POST /saveApplicationUsage: one row per visit; the client's navigation id counts a retry once.
  await db.schema
    .createTable("page_visits")
    .addColumn("id", "integer", (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("visited_url", "text", (col) => col.notNull())
    .addColumn("default_practice_id", "text", (col) => col.notNull())
    .addColumn("token", "uuid", (col) => col.notNull())
    .addColumn("accessed_at", "timestamptz", (col) => col.notNull())
    .addUniqueConstraint("page_visits_user_token_key", ["user_id", "token"])
    .execute();
  // The usage report: a range of days (then grouped by user and page) ...
  await db.schema.createIndex("page_visits_accessed_at_idx").on("page_visits").columns(["accessed_at", "user_id"]).execute();
  // ... and "visited page contains" (pg_trgm is created by 0002).
  await sql`create index page_visits_visited_url_trgm_idx on page_visits using gin (visited_url gin_trgm_ops)`.execute(db);

  // POST /report/saveUsage: uses of report features.
  await db.schema
    .createTable("report_uses")
    .addColumn("id", "integer", (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("report", "text", (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("used_at", "timestamptz", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("report_uses_used_at_idx").on("report_uses").column("used_at").execute();

  // Every outgoing message (server/mail/mailer.ts), sent or waiting for a mail server.
  await db.schema
    .createTable("outbox")
    .addColumn("id", "integer", (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn("to_address", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('sent', 'queued', 'failed')`))
    .addColumn("raw", "text", (col) => col.notNull())
    .addColumn("file", "text")
    .addColumn("error", "text")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // POST /report/sendFeedback: kept besides being mailed, attachment included.
  await db.schema
    .createTable("feedback")
    .addColumn("id", "integer", (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("first_name", "text", (col) => col.notNull())
    .addColumn("last_name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("practice", "text", (col) => col.notNull())
    .addColumn("sender_time", "text", (col) => col.notNull())
    .addColumn("attachment_name", "text")
    .addColumn("attachment_type", "text")
    .addColumn("attachment", "bytea")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["feedback", "outbox", "report_uses", "page_visits", "user_setups"]) {
    await db.schema.dropTable(table).execute();
  }
}
