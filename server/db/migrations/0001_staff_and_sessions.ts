// Staff, their sessions (hashed tokens), redeemed hand-off tokens and the audit log (docs/architecture.md).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "integer", (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("firstname", "text", (col) => col.notNull())
    .addColumn("lastname", "text", (col) => col.notNull())
    .addColumn("profile_picture", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("is_admin", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("default_page", "text", (col) => col.notNull().defaultTo("/members/all"))
    .addColumn("default_location_id", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("password_hash", "text")
    .addColumn("disabled", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // E-mails are compared case-insensitively everywhere.
  await db.schema.createIndex("users_email_key").on("users").unique().expression(sql`lower(email)`).execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull())
    .addColumn("last_seen_at", "timestamptz", (col) => col.notNull())
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("handoff_jtis")
    .addColumn("jti", "text", (col) => col.primaryKey())
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "bigint", (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("user_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("member_ids", sql`integer[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn("address", "text")
    .addColumn("at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("audit_log_at_idx").on("audit_log").column("at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
  await db.schema.dropTable("handoff_jtis").execute();
  await db.schema.dropTable("sessions").execute();
  await db.schema.dropTable("users").execute();
}
