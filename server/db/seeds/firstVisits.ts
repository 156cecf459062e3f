// The demo world's new patients' first visits (the new patient origin report), ids included: their
// origins are the world's lead sources, which no feed writes (a feed credits the call center or the
// practice, server/feeds/appointments.repository.ts).
import type { Kysely } from "kysely";
import type { DemoWorld } from "../../../demo/world.ts";
import { insertChunked, resetIdentity } from "../bulkWrite.ts";
import type { Database } from "../database.ts";

export async function seedFirstVisits(trx: Kysely<Database>, world: DemoWorld): Promise<void> {
  await insertChunked(world.firstVisits, (chunk) =>
    trx
      .insertInto("first_visits")
      .values(
        chunk.map((visit) => ({
          id: visit.id,
          member_id: visit.memberId,
          practice_id: visit.practiceId,
          pat_num: visit.patNum,
          first_visit_date: visit.firstVisitDate,
          origin: visit.origin,
          result: visit.result,
        })),
      )
      .execute(),
  );
  await resetIdentity(trx, "first_visits");
}
