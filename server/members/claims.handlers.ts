// Claims of agents on members (tag members): claim or renew, within the user's limit
// (domain/team/agentLimits.ts), and release. Who works which member is shared by every instance
// through the database.
import { HttpError } from "../../contract/errors.ts";
import { claimConflict, NO_CLAIM } from "../../domain/team/claims.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { enforceAgentLimit } from "./agentLimit.ts";
import { claimMember, releaseClaim, toMemberClaim } from "./claims.repository.ts";

export const claimsHandlers: Handlers = {
  async claimMember(call) {
    const { user, session } = callerOf(call);
    const { services } = call;
    await enforceAgentLimit(services, "claims", user.id);
    const by = { userId: user.id, sessionId: session.id };
    const outcome = await services.db.transaction().execute((trx) => claimMember(trx, call.body.memberId, by, services.now(), call.request.ip));
    if ("unknownMember" in outcome) throw new HttpError(404, "No such member");
    if ("held" in outcome) return call.reply.code(409).send(claimConflict(toMemberClaim(outcome.held))) as never;
    return toMemberClaim(outcome.claimed);
  },

  async releaseClaim(call) {
    const { user } = callerOf(call);
    const { services } = call;
    const released = await services.db.transaction().execute((trx) => releaseClaim(trx, call.path.memberId, user.id, services.now(), call.request.ip));
    if (!released) throw new HttpError(404, NO_CLAIM);
    call.reply.code(204);
    return undefined;
  },
};
