// The demo world's planned treatment by priority (the priority status report) and deleted
// appointments, ids included.
import type { Kysely } from "kysely";
import type { DemoWorld } from "../../../demo/world.ts";
import { insertChunked, resetIdentity } from "../bulkWrite.ts";
import type { Database } from "../database.ts";

export async function seedAppointments(trx: Kysely<Database>, world: DemoWorld): Promise<void> {
  await insertChunked(world.priorities, (chunk) =>
    trx
      .insertInto("treatment_priorities")
      .values(chunk.map((planned) => ({ id: planned.id, practice_id: planned.practiceId, pat_num: planned.patNum, priority: planned.priority })))
      .execute(),
  );
  await insertChunked(world.deletedAppointments, (chunk) =>
    trx
      .insertInto("deleted_appointments")
      .values(
        chunk.map((deletion) => ({
          id: deletion.id,
          practice_id: deletion.practiceId,
          pat_num: deletion.PatNum,
          patient_name: deletion.patientName,
          appointment_date: deletion.appointmentDate,
          deleted_at: deletion.deletedAt,
          deleted_by: deletion.deletedBy,
          reason: deletion.reason,
        })),
      )
      .execute(),
  );
  for (const table of ["treatment_priorities", "deleted_appointments"]) await resetIdentity(trx, table);
}
