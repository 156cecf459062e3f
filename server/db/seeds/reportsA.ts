// Demo treatment priorities and deleted appointments: the mock's generated records, ids included,
// so the priority status report and the deleted appointments views answer as the mock does.
import type { Kysely } from "kysely";
import type { Database } from "../database.ts";
import { insertChunked, resetIdentity, type DemoWorld } from "../seed.ts";

export async function seedReportsA(trx: Kysely<Database>, world: DemoWorld): Promise<void> {
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
