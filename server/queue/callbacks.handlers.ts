// Callbacks (tag callbacks): book or move, the caller's own, every open one, their possible owners,
// reassignment (administrators) and cancelling. Every check runs before the first write.
import { sql } from "kysely";
import { HttpError } from "../../contract/errors.ts";
import { callbackConflict, CALLBACK_NOTE_MAX, doNotCallMember, dueAtProblems, judgeBooking, mayCancel, NO_OPEN_CALLBACK, NOT_YOUR_CALLBACK, ownerUntilOf, tooManyCallbacks } from "../../domain/queue/callbacks.ts";
import { memberTimeZone } from "../../domain/queue/timeZones.ts";
import { isDoNotCall } from "../../domain/queue/results.ts";
import { checkDayRange } from "../../domain/calendar.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { audit } from "../audit.ts";
import { callbackById, endCallback, openCallbackOf, openCallbacksOwned, publishCallback, toCallback, writeBooking, writeOwners } from "./callbacks.repository.ts";
import { callbackOwners, callbackPage, myCallbacks, toCallbackItem } from "./callbackLists.repository.ts";
import { refreshMembers } from "./queueState.repository.ts";
import { clocksOf, settingOf } from "./setting.ts";
import type { components } from "../../contract/schema.d.ts";

type Callback = components["schemas"]["Callback"];

export const callbacksHandlers: Handlers = {
  async bookCallback(call) {
    const { user } = callerOf(call);
    const { services, body } = call;
    const setting = settingOf(services);
    const { now } = clocksOf(services);
    const dueAt = new Date(body.dueAt);
    const callback = await services.saves(() =>
      services.db.transaction().execute(async (trx): Promise<{ booked: Callback } | { stale: Callback | null }> => {
        const { rows } = await sql<{ result: string; state: string; practice_zone: string | null }>`
          select m.result, m.state, p.time_zone as practice_zone from members m join practices p on p.id = m.practice_id
          where m.id = ${body.memberId} for update of m`.execute(trx);
        const member = rows[0];
        if (!member) throw new HttpError(404, "No such member");
        if (isDoNotCall(member.result)) throw doNotCallMember(member.result);
        const timeZone = memberTimeZone(member.state, member.practice_zone ?? setting.groupZone);
        const problem = dueAtProblems(dueAt.getTime(), now.getTime(), timeZone, setting.rules);
        if (problem) throw problem;
        const open = await openCallbackOf(trx, body.memberId, setting.groupZone, true);
        const verdict = judgeBooking(body.seenVersion, open?.version);
        if (verdict === "stale") return { stale: open ? toCallback(open) : null };
        const alreadyMine = open?.owner_id === user.id ? 1 : 0;
        if ((await openCallbacksOwned(trx, user.id)) - alreadyMine >= setting.rules.maxOpenCallbacks) throw tooManyCallbacks("owner", setting.rules);
        const booking = { memberId: body.memberId, dueAt, note: (body.note ?? "").trim().slice(0, CALLBACK_NOTE_MAX), ownerId: user.id, ownerUntil: new Date(ownerUntilOf(dueAt.getTime(), user.id, setting.rules)!), at: now };
        const { id, change } = await writeBooking(trx, booking, open);
        await refreshMembers(trx, [body.memberId], setting, now);
        await audit(trx, { userId: user.id, action: "bookCallback", memberIds: [body.memberId], address: call.request.ip });
        return { booked: await publishCallback(trx, id, change, setting.groupZone) };
      }),
    );
    if ("stale" in callback) return call.reply.code(409).send(callbackConflict(callback.stale)) as never;
    call.reply.code(201);
    return callback.booked;
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
    const rules = call.services.config.queue;
    const owners = await callbackOwners(call.services.db);
    return {
      owners: owners.map((row) => ({ user: { id: row.id, firstname: row.firstname, lastname: row.lastname }, openCallbacks: Number(row.open) })),
      maxOpenPerAgent: rules.maxOpenCallbacks,
    };
  },

  async reassignCallbacks(call) {
    const { user } = callerOf(call);
    const { services, body } = call;
    const setting = settingOf(services);
    const { now } = clocksOf(services);
    const ids = body.callbackIds;
    const updated = await services.saves(() =>
      services.db.transaction().execute(async (trx) => {
        if (body.userId !== null) {
          const owner = await trx.selectFrom("users").select(["id", "disabled"]).where("id", "=", body.userId).executeTakeFirst();
          if (!owner || owner.disabled) throw new HttpError(400, "Invalid request: userId", [{ field: "userId", message: owner ? "is a user whose access has ended" : "is not a user" }]);
        }
        // Their members first, as every write of the queue locks them, in id order: two reassignments
        // of overlapping callbacks never wait for each other in a circle.
        const members = await trx.selectFrom("callbacks").select("member_id").where("id", "in", ids).execute();
        await trx.selectFrom("members").select("id").where("id", "in", [0, ...members.map((row) => row.member_id)]).orderBy("id").forUpdate().execute();
        const open = await trx.selectFrom("callbacks").select(["id", "member_id", "owner_id"]).where("id", "in", ids).where("status", "=", "open").orderBy("id").forUpdate().execute();
        const openIds = new Set(open.map((row) => row.id));
        const missing = ids.map((id, index) => ({ id, index })).filter(({ id }) => !openIds.has(id));
        if (missing.length > 0) throw new HttpError(400, "Invalid request: callbackIds", missing.map(({ index }) => ({ field: `callbackIds.${index}`, message: "is not an open callback" })));
        if (body.userId !== null) {
          const gained = open.filter((row) => row.owner_id !== body.userId).length;
          if ((await openCallbacksOwned(trx, body.userId)) + gained > setting.rules.maxOpenCallbacks) throw tooManyCallbacks("userId", setting.rules);
        }
        const changed = await writeOwners(trx, ids, body.userId, setting.rules.callbackGraceMs, user.id, now);
        await refreshMembers(trx, changed.map((row) => row.member_id), setting, now);
        await audit(trx, { userId: user.id, action: "reassignCallbacks", memberIds: changed.map((row) => row.member_id), address: call.request.ip });
        for (const row of changed) await publishCallback(trx, row.id, "reassigned", setting.groupZone);
        return changed.length;
      }),
    );
    return { updated };
  },

  async cancelCallback(call) {
    const { user } = callerOf(call);
    const { services } = call;
    const setting = settingOf(services);
    const { now } = clocksOf(services);
    await services.saves(() =>
      services.db.transaction().execute(async (trx) => {
        const found = await callbackById(trx, call.path.id, setting.groupZone);
        if (!found || found.status !== "open") throw new HttpError(404, NO_OPEN_CALLBACK);
        // The member first, as every write of the queue locks it: then its callback.
        await trx.selectFrom("members").select("id").where("id", "=", found.member_id).forUpdate().execute();
        const locked = await openCallbackOf(trx, found.member_id, setting.groupZone, true);
        if (!locked || locked.id !== found.id) throw new HttpError(404, NO_OPEN_CALLBACK);
        if (!mayCancel(locked.owner_id, { id: user.id, isAdmin: user.is_admin })) throw new HttpError(403, NOT_YOUR_CALLBACK);
        await endCallback(trx, locked.id, "cancelled", user.id, now);
        await refreshMembers(trx, [locked.member_id], setting, now);
        await audit(trx, { userId: user.id, action: "cancelCallback", memberIds: [locked.member_id], address: call.request.ip });
        await publishCallback(trx, locked.id, "cancelled", setting.groupZone);
      }),
    );
    call.reply.code(204);
    return undefined;
  },
};
