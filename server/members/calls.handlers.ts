// Calls started from a member's phone link (tag members): recorded with the agent and the time,
// for the call activity report and the live board.
import { HttpError } from "../../contract/errors.ts";
import { audit } from "../audit.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { calendarNow } from "../reports/periods.ts";
import { agentChanged, publish } from "../events/events.repository.ts";

export const callsHandlers: Handlers = {
  async recordCallStart(call) {
    const { user } = callerOf(call);
    const { services } = call;
    const { memberId } = call.body;
    // On the clock results are saved by, so that the report compares like with like.
    const startedAt = calendarNow(services);
    // The member's existence is checked by the insert itself (its foreign key), in one statement.
    const recorded = await services.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("call_starts")
        .columns(["member_id", "user_id", "started_at"])
        .expression((eb) => eb.selectFrom("members").select([eb.val(memberId).as("member_id"), eb.val(user.id).as("user_id"), eb.val(startedAt).as("started_at")]).where("id", "=", memberId))
        .returning("member_id")
        .executeTakeFirst();
      if (row) await audit(trx, { userId: user.id, action: "recordCallStart", memberIds: [memberId], address: call.request.ip });
      if (row) await publish(trx, agentChanged(user.id));
      return row !== undefined;
    });
    if (!recorded) throw new HttpError(404, "No such member");
    call.reply.code(201);
    return { memberId, startedAt: startedAt.toISOString() };
  },
};
