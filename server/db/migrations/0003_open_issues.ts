// The open issues of the app status tracker (POST /Members/getOpenIssues).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("open_issues")
    .addColumn("id", "integer", (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn("application", "text", (col) => col.notNull())
    .addColumn("down_time_start", "timestamptz", (col) => col.notNull())
    .addColumn("what_is_down", "text", (col) => col.notNull())
    .addColumn("what_to_do_mean_time", "text", (col) => col.notNull())
    .addColumn("closed_at", "timestamptz")
    .execute();
  // Only open issues are asked for.
  await db.schema
    .createIndex("open_issues_open_idx")
    .on("open_issues")
    .columns(["application", "down_time_start"])
    .where(sql.ref("closed_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("open_issues").execute();
}
