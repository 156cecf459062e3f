// The demo world's leads and new patients' first visits (the quality index, the lead data and the
// new patient origin reports), ids included.
import type { Kysely } from "kysely";
import type { DemoWorld } from "../../../demo/world.ts";
import { insertChunked, resetIdentity } from "../bulkWrite.ts";
import type { Database } from "../database.ts";

export async function seedLeads(trx: Kysely<Database>, world: DemoWorld): Promise<void> {
  await insertChunked(world.leads, (chunk) =>
    trx
      .insertInto("leads")
      .values(
        chunk.map((lead) => ({
          id: lead.id,
          practice_id: lead.practiceId,
          source: lead.source,
          stage: lead.stage,
          outcome: lead.outcome,
          lost_reason: lead.lostReason,
          created_at: lead.createdAt,
          closed_at: lead.closedAt,
        })),
      )
      .execute(),
  );
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
  for (const table of ["leads", "first_visits"]) await resetIdentity(trx, table);
}
