// Members inserted by a test with the Status, last visit and next appointment it gives them: those
// three live in member_visits (migration 0060), whose rows the members' insert makes, so they are
// written there after the insert, as the seeds write them.
import type { Insertable, Kysely } from "kysely";
import type { Database } from "../../server/db/database.ts";
import type { Members } from "../../server/db/tables.generated.ts";

export interface MemberVisits {
  status?: string;
  last_visit?: string | null;
  next_apt?: Date | string | null;
}

export async function insertMembers(db: Kysely<Database>, rows: (Insertable<Members> & MemberVisits)[]): Promise<number[]> {
  const ids: number[] = [];
  for (const { status, last_visit, next_apt, ...member } of rows) {
    const { id } = await db.insertInto("members").values(member).returning("id").executeTakeFirstOrThrow();
    const visits = { ...(status === undefined ? {} : { status }), ...(last_visit === undefined ? {} : { last_visit }), ...(next_apt === undefined ? {} : { next_apt }) };
    if (Object.keys(visits).length > 0) await db.updateTable("member_visits").set(visits).where("member_id", "=", id).execute();
    ids.push(id);
  }
  return ids;
}
