// An administrator's reset of a member's attempts: they count from now on, its place in the queue
// is worked out again, audited and published (a `queue` event), in one transaction.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { queueEvent } from "../../domain/team/events.ts";
import { audit } from "../audit.repository.ts";
import { publish } from "../events/events.repository.ts";
import { queueFieldsOf } from "./memberQueue.repository.ts";
import { refreshMembers, type QueueSetting } from "./queueState.repository.ts";

/** The member's attempts after the reset (0); undefined for an unknown member. */
export async function resetAttempts(db: Kysely<Database>, memberId: number, writer: { userId: number; address: string; now: Date }, setting: QueueSetting): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number; result: string }>`
      select m.id, w.result from members m join member_work w on w.member_id = m.id where m.id = ${memberId} for update of m, w`.execute(trx);
    const member = rows[0];
    if (!member) return undefined;
    await trx.updateTable("queue_state").set({ attempts_reset_at: writer.now }).where("member_id", "=", memberId).execute();
    const state = (await refreshMembers(trx, [memberId], setting, writer.now)).get(memberId)!;
    await audit(trx, { userId: writer.userId, action: "resetAttempts", memberIds: [memberId], address: writer.address });
    const { doNotCall } = (await queueFieldsOf(trx, [member], setting.groupZone)).get(memberId)!;
    await publish(trx, queueEvent(memberId, state.attempts, doNotCall));
    return state.attempts;
  });
}
