// The supervisor's live board (tag board): the board now, and an agent's day. Administrators only
// (the contract's x-admin-only, checked before any handler); each opening is audited with the
// members it shows.
import { HttpError } from "../../contract/errors.ts";
import { dayBounds } from "../../domain/board/roster.ts";
import { audit } from "../audit.repository.ts";
import { checkCampaignFilter } from "../campaigns/campaigns.repository.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { boardAgents, boardClock, membersShown, toBoardMember } from "./board.ts";
import { agentDayRows, userExists } from "./board.repository.ts";
import type { components } from "../../contract/schema.d.ts";

type Result = components["schemas"]["MemberResult"];

export const boardHandlers: Handlers = {
  async getLiveBoard(call) {
    const { user } = callerOf(call);
    await checkCampaignFilter(call.services.db, call.query.campaign);
    const { clock, agents } = await boardAgents(call.services, undefined, call.query.campaign);
    await audit(call.services.db, { userId: user.id, action: "getLiveBoard", memberIds: membersShown(agents), address: call.request.ip });
    return { day: clock.day, asOf: clock.asOf.toISOString(), nextDayAt: new Date(clock.endsAt).toISOString(), agents };
  },

  async getAgentDay(call) {
    const { user } = callerOf(call);
    const { services } = call;
    const agent = await userExists(services.db, call.path.userId);
    if (!agent) throw new HttpError(404, "No such user");
    const { day, startsAt, endsAt } = call.query.day ? dayBounds(call.query.day, services.config.reportTimeZone) : boardClock(services);
    const rows = await agentDayRows(services.reads().db, agent.id, new Date(startsAt), new Date(endsAt));
    const results = rows.map((row) => ({
      id: row.id,
      savedAt: new Date(row.created_at).toISOString(),
      member: toBoardMember(row.member),
      Result: row.result as Result,
      note: row.note,
    }));
    await audit(services.db, { userId: user.id, action: "getAgentDay", memberIds: [...new Set(results.map((result) => result.member.id))], address: call.request.ip });
    return { day, agent: { userId: agent.id, firstname: agent.firstname, lastname: agent.lastname, email: agent.email }, results };
  },
};
