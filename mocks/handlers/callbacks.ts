// Callbacks (tag callbacks) of the fake backend, by the rules of domain/queue/callbacks.ts: book or
// move, the caller's own, every open one, who can own them, reassignment and cancelling.
import { HttpResponse } from "msw";
import { HttpError, invalidRequest } from "../../contract/errors.ts";
import { checkDayRange, toInstantRange } from "../../domain/calendar.ts";
import {
  callbackConflict,
  CALLBACK_NOTE_MAX,
  doNotCallMember,
  dueAtProblems,
  judgeBooking,
  mayCancel,
  mayMove,
  NO_OPEN_CALLBACK,
  NOT_YOUR_CALLBACK,
  NOT_YOURS_TO_MOVE,
  ownerUntilOf,
  tooManyCallbacks,
} from "../../domain/queue/callbacks.ts";
import { isDoNotCall } from "../../domain/queue/results.ts";
import { compareText } from "../../domain/order.ts";
import { PRACTICE_TIME_ZONE } from "../../domain/vocabulary.ts";
import type { CallbackRecord } from "../../demo/records.ts";
import { caller, createApi, emptyAnswer } from "../api";
import { nextId, type MockDb } from "../db/createMockDb";
import { toCallbackAnswer, toCallbackItem, zoneOf } from "../queue/answers";
import { endCallback, noteChange, publishCallback } from "../queue/callbacks";
import { agentChanged } from "../board/board";
import { enforceAgentLimit } from "../members/agentLimit";

const byDue = (a: CallbackRecord, b: CallbackRecord) => compareText(a.dueAt, b.dueAt) || a.id - b.id;
const iso = (at: number) => new Date(at).toISOString();

export function callbacksHandlers(db: MockDb) {
  const api = createApi(db);
  const open = () => db.callbacks.filter((callback) => callback.status === "open");
  const ownedBy = (userId: number) => open().filter((callback) => callback.ownerId === userId);

  return [
    api.post("/callbacks", (context) => {
      const { user } = caller(context);
      const { body } = context;
      enforceAgentLimit(db, "callbackChanges", body.memberId);
      const rules = db.queue.rules;
      const member = db.members.find((candidate) => candidate.id === body.memberId);
      if (!member) throw new HttpError(404, "No such member");
      if (isDoNotCall(member.Result)) throw doNotCallMember(member.Result);
      const now = db.now();
      const dueAt = Date.parse(body.dueAt);
      const problem = dueAtProblems(dueAt, now.getTime(), zoneOf(db, member), rules);
      if (problem) throw problem;
      const current = db.queue.openCallbackOf(member.id);
      if (judgeBooking(body.seenVersion, current?.version) === "stale") {
        return HttpResponse.json(callbackConflict(current ? toCallbackAnswer(db, current) : null), { status: 409 });
      }
      const currentUntil = current?.ownerUntil ? Date.parse(current.ownerUntil) : null;
      if (current && !mayMove({ ownerId: current.ownerId, ownerUntil: currentUntil }, user.id, now.getTime())) throw new HttpError(403, NOT_YOURS_TO_MOVE);
      if (ownedBy(user.id).length - (current?.ownerId === user.id ? 1 : 0) >= rules.maxOpenCallbacks) throw tooManyCallbacks("owner", rules);
      const note = (body.note ?? "").trim().slice(0, CALLBACK_NOTE_MAX);
      const ownerUntil = iso(ownerUntilOf(dueAt, user.id, rules)!);
      const callback: CallbackRecord = current
        ? Object.assign(current, { dueAt: iso(dueAt), ownerId: user.id, ownerUntil, note, version: current.version + 1 })
        : { id: nextId(db.callbacks), memberId: member.id, ownerId: user.id, bookedBy: user.id, bookedAt: now.toISOString(), dueAt: iso(dueAt), ownerUntil, note, status: "open", version: 1 };
      if (!current) db.callbacks.push(callback);
      db.queue.forgetDue(callback.id);
      const change = current ? "moved" : "booked";
      noteChange(db, callback, user.id, change, now.toISOString());
      publishCallback(db, callback, change);
      return HttpResponse.json(toCallbackAnswer(db, callback), { status: 201 });
    }),

    api.get("/callbacks/mine", (context) => HttpResponse.json(ownedBy(caller(context).user.id).sort(byDue).map((callback) => toCallbackItem(db, callback)))),

    api.get("/callbacks", ({ query }) => {
      if (query.dueFrom && query.dueTo) checkDayRange({ startDate: query.dueFrom, endDate: query.dueTo }, "dueTo");
      const practices = query.practice && query.practice !== "all" ? new Set(query.practice.split(",").map(Number)) : undefined;
      const from = query.dueFrom ? toInstantRange({ startDate: query.dueFrom, endDate: query.dueFrom }, PRACTICE_TIME_ZONE).from : -Infinity;
      const to = query.dueTo ? toInstantRange({ startDate: query.dueTo, endDate: query.dueTo }, PRACTICE_TIME_ZONE).to : Infinity;
      const matching = open()
        .filter((callback) => query.owner === undefined || query.owner === "all" || (query.owner === "anyone" ? callback.ownerId === null : callback.ownerId === Number(query.owner)))
        .filter((callback) => !practices || practices.has(db.members.find((member) => member.id === callback.memberId)!.practiceId))
        .filter((callback) => Date.parse(callback.dueAt) >= from && Date.parse(callback.dueAt) < to)
        .sort(byDue);
      const pageNum = query.pageNum ?? 1;
      const pageSize = query.pageSize ?? 50;
      const page = matching.slice((pageNum - 1) * pageSize, pageNum * pageSize);
      return HttpResponse.json({ callbacks: page.map((callback) => toCallbackItem(db, callback)), pageNum, total_count: matching.length });
    }),

    api.get("/callbacks/owners", () =>
      HttpResponse.json({
        owners: [...db.users]
          .sort((a, b) => compareText(a.lastname, b.lastname) || compareText(a.firstname, b.firstname) || a.id - b.id)
          .map((user) => ({ user: { id: user.id, firstname: user.firstname, lastname: user.lastname }, openCallbacks: ownedBy(user.id).length })),
        maxOpenPerAgent: db.queue.rules.maxOpenCallbacks,
      }),
    ),

    api.post("/callbacks/reassign", (context) => {
      const { user } = caller(context);
      const { callbackIds, userId } = context.body;
      const rules = db.queue.rules;
      if (userId !== null && !db.users.some((candidate) => candidate.id === userId)) throw invalidRequest([{ field: "userId", message: "is not a user" }]);
      if (userId !== null && db.disabledUsers.has(userId)) throw invalidRequest([{ field: "userId", message: "is a user whose access has ended" }]);
      const found = callbackIds.map((id) => db.callbacks.find((callback) => callback.id === id && callback.status === "open"));
      const missing = found.flatMap((callback, index) => (callback ? [] : [{ field: `callbackIds.${index}`, message: "is not an open callback" }]));
      if (missing.length > 0) throw invalidRequest(missing);
      const callbacks = found as CallbackRecord[];
      if (userId !== null && ownedBy(userId).length + callbacks.filter((callback) => callback.ownerId !== userId).length > rules.maxOpenCallbacks) throw tooManyCallbacks("userId", rules);
      const now = db.now().toISOString();
      for (const callback of callbacks) {
        const formerOwner = callback.ownerId;
        Object.assign(callback, { ownerId: userId, ownerUntil: userId === null ? null : iso(ownerUntilOf(Date.parse(callback.dueAt), userId, rules)!), version: callback.version + 1 });
        noteChange(db, callback, user.id, "reassigned", now);
        publishCallback(db, callback, "reassigned");
        if (formerOwner !== null && formerOwner !== userId) agentChanged(db, formerOwner);
      }
      return HttpResponse.json({ updated: callbacks.length });
    }),

    api.delete("/callbacks/{id}", (context) => {
      const { user } = caller(context);
      const callback = db.callbacks.find((candidate) => candidate.id === context.path.id && candidate.status === "open");
      if (!callback) throw new HttpError(404, NO_OPEN_CALLBACK);
      if (!mayCancel(callback.ownerId, { id: user.id, isAdmin: user.isAdmin })) throw new HttpError(403, NOT_YOUR_CALLBACK);
      endCallback(db, callback, "cancelled", user.id);
      return emptyAnswer();
    }),
  ];
}
