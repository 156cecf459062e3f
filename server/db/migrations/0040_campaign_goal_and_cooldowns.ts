// A campaign's goal as a count by a day ("40 appointments by Friday"), and its own cooldowns after
// No answer and Left message when it rests members longer than the queue does.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE campaigns
      ADD COLUMN goal_count integer,
      ADD COLUMN goal_by date,
      ADD COLUMN cooldown_no_answer_hours integer,
      ADD COLUMN cooldown_left_message_hours integer,
      ADD CHECK ((goal_count IS NULL) = (goal_by IS NULL))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE campaigns
      DROP COLUMN goal_count,
      DROP COLUMN goal_by,
      DROP COLUMN cooldown_no_answer_hours,
      DROP COLUMN cooldown_left_message_hours`.execute(db);
}
