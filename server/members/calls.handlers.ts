// Calls started from a member's phone link (tag members): recorded with the agent and the time,
// for the call activity report and the live board, within the user's limit (domain/team/agentLimits.ts).
import { HttpError } from "../../contract/errors.ts";
import { audit } from "../audit.repository.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { calendarNow } from "../calendar.ts";
import { recordCallStart } from "./calls.repository.ts";
import { enforceAgentLimit } from "./agentLimit.ts";
import { agentChanged, publish } from "../events/events.repository.ts";

export const callsHandlers: Handlers = {
  async recordCallStart(call) {
    const { user } = callerOf(call);
    const { services } = call;
    const { memberId } = call.body;
    await enforceAgentLimit(services, "callStarts", user.id);
    // On the clock results are saved by, so that the report compares like with like.
    const startedAt = calendarNow(services);
    const recorded = await services.db.transaction().execute(async (trx) => {
      const added = await recordCallStart(trx, memberId, user.id, startedAt, services.now());
      if (added) await audit(trx, { userId: user.id, action: "recordCallStart", memberIds: [memberId], address: call.request.ip });
      if (added) await publish(trx, agentChanged(user.id));
      return added;
    });
    if (!recorded) throw new HttpError(404, "No such member");
    call.reply.code(201);
    return { memberId, startedAt: startedAt.toISOString(), campaignId: recorded.campaignId };
  },
};
