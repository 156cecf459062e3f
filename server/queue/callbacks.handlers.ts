// Callbacks (tag callbacks): book or move, the caller's own, every open one, their possible owners,
// reassignment (administrators) and cancelling.
import { callbackConflict } from "../../domain/queue/callbacks.ts";
import { checkDayRange } from "../../domain/calendar.ts";
import { callerOf, type Call, type Handlers, type OperationId } from "../handlers.ts";
import { audit } from "../audit.repository.ts";
import { enforceAgentLimit } from "../members/agentLimit.ts";
import { callbackOwners, callbackPage, myCallbacks, toCallbackItem } from "./callbackLists.repository.ts";
import { bookCallback, cancelCallback, reassignCallbacks, type Writer } from "./callbackWrites.repository.ts";
import { clocksOf, settingOf } from "./setting.ts";

function writerOf<K extends OperationId>(call: Call<K>): Writer {
  const { user } = callerOf(call);
  return { userId: user.id, isAdmin: user.is_admin, address: call.request.ip, now: clocksOf(call.services).now };
}

export const callbacksHandlers: Handlers = {
  async bookCallback(call) {
    const { services, body } = call;
    await enforceAgentLimit(services, "callbackChanges", body.memberId);
    const request = { memberId: body.memberId, dueAt: new Date(body.dueAt), note: body.note, seenVersion: body.seenVersion };
    const outcome = await services.saves(() => bookCallback(services.db, request, writerOf(call), settingOf(services)));
    if ("stale" in outcome) return call.reply.code(409).send(callbackConflict(outcome.stale)) as never;
    call.reply.code(201);
    return outcome.booked;
  },

  async listMyCallbacks(call) {
    const { user } = callerOf(call);
    const { services } = call;
    const rows = await myCallbacks(services.db, user.id, services.config.reportTimeZone);
    await audit(services.db, { userId: user.id, action: "listMyCallbacks", memberIds: rows.map((row) => row.member_id), address: call.request.ip });
    return rows.map(toCallbackItem);
  },

  async listCallbacks(call) {
    const { user } = callerOf(call);
    const { services, query } = call;
    if (query.dueFrom && query.dueTo) checkDayRange({ startDate: query.dueFrom, endDate: query.dueTo }, "dueTo");
    const pageNum = query.pageNum ?? 1;
    const page = await callbackPage(services.db, { ...query, pageNum, pageSize: query.pageSize ?? 50 }, services.config.reportTimeZone);
    await audit(services.db, { userId: user.id, action: "listCallbacks", memberIds: page.rows.map((row) => row.member_id), address: call.request.ip });
    return { callbacks: page.rows.map(toCallbackItem), pageNum, total_count: page.total };
  },

  async listCallbackOwners(call) {
    const owners = await callbackOwners(call.services.db);
    return {
      owners: owners.map((row) => ({ user: { id: row.id, firstname: row.firstname, lastname: row.lastname }, openCallbacks: Number(row.open) })),
      maxOpenPerAgent: call.services.config.queue.maxOpenCallbacks,
    };
  },

  async reassignCallbacks(call) {
    const { services, body } = call;
    const updated = await services.saves(() => reassignCallbacks(services.db, body.callbackIds, body.userId, writerOf(call), settingOf(services)));
    return { updated };
  },

  async cancelCallback(call) {
    const { services } = call;
    await services.saves(() => cancelCallback(services.db, call.path.id, writerOf(call), settingOf(services)));
    call.reply.code(204);
    return undefined;
  },
};
