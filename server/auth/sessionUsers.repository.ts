// Whose sessions they are: what ends with a session (sessionEnd.ts) shows their users anew on the
// live board.
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";

/** The users of these sessions, each once. */
export async function usersOfSessions(db: Kysely<Database>, sessionIds: readonly string[]): Promise<number[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db.selectFrom("sessions").select("user_id").distinct().where("id", "in", sessionIds).execute();
  return rows.map((row) => row.user_id);
}
