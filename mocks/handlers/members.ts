// The members list, notes and results per member, claims, dentists and open issues (tag members).
// A saved result or note is added to the member's history and becomes its current value at once;
// a save that sends the version its agent saw is refused when a save of its kind landed since.
import { HttpResponse } from "msw";
import { caller, createApi, emptyAnswer } from "../api";
import { campaignOfClaim, claimMember, endClaimsOf, liveClaim, releaseClaim } from "../db/claims";
import { agentChanged } from "../board/board";
import { claimConflict, NO_CLAIM } from "../../domain/team/claims.ts";
import { claimEvent, memberEvent } from "../../domain/team/events.ts";
import { HttpError } from "../../contract/errors.ts";
import { campaignListFilter } from "../campaigns/campaignFilter";
import { nextId, type MockDb } from "../db/createMockDb";
import type { NoteRecord, ResultRecord } from "../../demo/records.ts";
import { createMembersList } from "../members/membersList";
import { authorOf, currentNoteOf, currentResultOf, findMember, newestFirst, toMemberAnswer, toMemberFields, toNoteAnswer, toResultAnswer, type MemberKey } from "../members/records";
import { afterSave, futureVersion, judgeSave, noteConflict, resultConflict } from "../../domain/team/versions.ts";
import { compareText } from "../../domain/order.ts";
import { EXPORT_BATCH_ROWS } from "../../domain/exports/protocol.ts";
import { MEMBER_EXPORT_COLUMNS } from "../../domain/exports/columns.ts";
import { exportFileName } from "../../domain/exports/fileName.ts";
import { csvResponse, mapBatches } from "../exports/csvResponse";
import { enforceAgentLimit } from "../members/agentLimit";
import { queueFieldsOf, zoneOf } from "../queue/answers";
import { applySavedResult } from "../queue/callbacks";
import { withCallbackChanges } from "../../domain/queue/history.ts";

export function membersHandlers(db: MockDb) {
  const api = createApi(db);
  const list = createMembersList(db);
  /** The member named by a JSON `params` path segment (getNotes, getResults). */
  const memberOfParams = (json: Record<string, unknown>) => findMember(db.members, json.params as MemberKey, "params.patnum");
  const claimsEnded = (memberIds: number[]) => memberIds.forEach((memberId) => db.events.publish(claimEvent(memberId, null)));

  return [
    api.get("/Members/getMembersTableData", ({ query }) => {
      const campaign = campaignListFilter(db, query);
      const pageNum = query.pageNum ?? 1;
      const { members, total, ...cursors } = list.page({ ...query, ...campaign, pageNum, pageSize: query.pageSize ?? 15 });
      return HttpResponse.json({
        members: members.map((member) => toMemberAnswer(member, liveClaim(db.claims, db.users, member.id), queueFieldsOf(db, member))),
        members_count: members.length,
        pageNum,
        total_count: total,
        ...cursors,
      });
    }),

    api.get("/Members/export", ({ query }) => {
      const filters = { ...query, ...campaignListFilter(db, query) };
      return csvResponse({
        fileName: exportFileName("Members", db.now()),
        columns: MEMBER_EXPORT_COLUMNS,
        rowCount: list.count(filters),
        batches: mapBatches(list.inIdOrder(filters, EXPORT_BATCH_ROWS), toMemberFields),
      });
    }),

    api.get("/Members/getDentistList", () =>
      HttpResponse.json(
        [...db.dentists]
          .sort((a, b) => compareText(a.dentist, b.dentist) || a.practiceId - b.practiceId)
          .map(({ Dr_First_Name, dentist, practiceId }) => ({ Dr_First_Name, dentist, practiceId })),
      ),
    ),

    api.post("/Members/getOpenIssues", ({ body }) => {
      const now = db.now().toISOString();
      const issues = db.openIssues
        .filter((issue) => body.applicationList.includes(issue.application))
        .filter((issue) => issue.closedAt === null && issue.downTimeStart <= now)
        .sort((a, b) => compareText(b.downTimeStart, a.downTimeStart) || b.id - a.id);
      return HttpResponse.json(
        issues.map(({ id, application, downTimeStart, whatIsDown, whatToDoMeanTime }) => ({
          id,
          application,
          downTimeStart,
          whatIsDown,
          whatToDoMeanTime,
        })),
      );
    }),

    api.post("/Members/saveResult", (context) => {
      const { body } = context;
      const member = findMember(db.members, body, "patnum");
      const verdict = judgeSave(body.version, "result", member);
      if (verdict === "future") throw futureVersion(member);
      if (verdict === "stale") return HttpResponse.json(resultConflict(currentResultOf(db, member)), { status: 409 });
      const saved: ResultRecord = {
        id: nextId(db.results),
        memberId: member.id,
        userId: caller(context).user.id,
        Result: body.Result,
        createdAt: db.now().toISOString(),
        campaignId: campaignOfClaim(db.claims, caller(context).user.id, member.id),
      };
      db.results.push(saved);
      member.Result = saved.Result;
      Object.assign(member, afterSave("result", member));
      db.events.publish(memberEvent(member));
      claimsEnded(endClaimsOf(db.claims, saved.userId, member.id));
      applySavedResult(db, member, saved);
      list.changed(["Result"]);
      agentChanged(db, saved.userId);
      return HttpResponse.json({ ...toResultAnswer(db, saved), version: member.version, campaignId: saved.campaignId ?? null }, { status: 201 });
    }),

    api.post("/Members/saveNotes", (context) => {
      const { body } = context;
      const member = findMember(db.members, body, "patnum");
      const verdict = judgeSave(body.version, "notes", member);
      if (verdict === "future") throw futureVersion(member);
      if (verdict === "stale") return HttpResponse.json(noteConflict(currentNoteOf(db, member)), { status: 409 });
      const saved: NoteRecord = {
        id: nextId(db.notes),
        memberId: member.id,
        userId: caller(context).user.id,
        notes: body.notes.trim(),
        createdAt: db.now().toISOString(),
      };
      db.notes.push(saved);
      member.notes = saved.notes;
      member.notestimestamp = saved.createdAt;
      Object.assign(member, afterSave("notes", member));
      db.events.publish(memberEvent(member));
      claimsEnded(endClaimsOf(db.claims, saved.userId, member.id));
      list.changed(["notes", "notestimestamp"]);
      agentChanged(db, saved.userId);
      return HttpResponse.json({ ...toNoteAnswer(db, saved), version: member.version }, { status: 201 });
    }),

    api.post("/Members/claims", (context) => {
      const { user, record } = caller(context);
      const { memberId } = context.body;
      enforceAgentLimit(db, "claims", user.id);
      if (!db.members.some((member) => member.id === memberId)) throw new HttpError(404, "No such member");
      const held = claimMember(db.claims, memberId, { userId: user.id, sessionToken: record.token }) === "held";
      const claim = liveClaim(db.claims, db.users, memberId)!;
      if (held) return HttpResponse.json(claimConflict(claim), { status: 409 });
      db.events.publish(claimEvent(memberId, claim));
      agentChanged(db, user.id);
      return HttpResponse.json(claim);
    }),

    api.post("/Members/calls", (context) => {
      const { user } = caller(context);
      const { memberId } = context.body;
      enforceAgentLimit(db, "callStarts", user.id);
      if (!db.members.some((member) => member.id === memberId)) throw new HttpError(404, "No such member");
      const startedAt = db.now().toISOString();
      const campaignId = campaignOfClaim(db.claims, user.id, memberId);
      db.callStarts.push({ id: nextId(db.callStarts), memberId, userId: user.id, startedAt, campaignId });
      agentChanged(db, user.id);
      return HttpResponse.json({ memberId, startedAt, campaignId }, { status: 201 });
    }),

    api.delete("/Members/claims/{memberId}", (context) => {
      const { user } = caller(context);
      if (!releaseClaim(db.claims, user.id, context.path.memberId)) throw new HttpError(404, NO_CLAIM);
      claimsEnded([context.path.memberId]);
      agentChanged(db, user.id);
      return emptyAnswer();
    }),

    api.get("/Members/getNotes/{params}", ({ json }) => {
      const member = memberOfParams(json);
      const notes = newestFirst(db.notes.filter((note) => note.memberId === member.id));
      return HttpResponse.json(notes.map((note) => toNoteAnswer(db, note)));
    }),

    api.get("/Members/getResults/{params}", ({ json }) => {
      const member = memberOfParams(json);
      const results = newestFirst(db.results.filter((result) => result.memberId === member.id)).map((result) => toResultAnswer(db, result));
      const timeZone = zoneOf(db, member);
      const changes = db.callbackChanges
        .filter((change) => change.memberId === member.id)
        .map((change) => ({ id: change.id, change: change.change, dueAt: change.dueAt, timeZone, at: change.at, user: authorOf(db, change.userId) }));
      return HttpResponse.json(withCallbackChanges(results, changes));
    }),
  ];
}
