// Notes and results of a member (tag members): saves in transactions, histories newest first.
import type { components } from "../../contract/schema.d.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { audit } from "../audit.repository.ts";
import { calendarNow } from "../calendar.ts";
import { followSavedResult } from "../queue/savedResult.repository.ts";
import { sendAfterCommit } from "../events/events.repository.ts";
import { callbackChangesOf } from "../queue/callbacks.repository.ts";
import { withCallbackChanges } from "../../domain/queue/history.ts";
import { noteConflict, resultConflict } from "../../domain/team/versions.ts";
import { findMemberId, notesOf, resultsOf, saveNote, saveResult, type MemberKey } from "./history.repository.ts";

type Schemas = components["schemas"];
const iso = (value: Date | string) => new Date(value).toISOString();

const personOf = (row: { firstname: string | null; lastname: string | null }) => ({ firstname: row.firstname ?? "", lastname: row.lastname ?? "" });

export const historyHandlers: Handlers = {
  async saveResult(call) {
    const { user } = callerOf(call);
    const { body, services } = call;
    const context = { userId: user.id, address: call.request.ip, seen: body.version, clock: () => calendarNow(services), claimsNow: services.now };
    const outcome = await services.saves(() => saveResult(services.db, body, body.Result, context));
    if ("stale" in outcome) {
      const { stale } = outcome;
      const current = { version: stale.version, Result: stale.result as Schemas["MemberResult"], savedAt: iso(stale.saved_at!), savedBy: personOf(stale) };
      return call.reply.code(409).send(resultConflict(current)) as never;
    }
    const { saved } = outcome;
    const savedBy = { firstname: user.firstname, lastname: user.lastname };
    // Committed: the queue's state follows before the answer, so the saver's next Next sees it. If
    // that fails the save still stands (answered 201, not retried): the member stays stale, and
    // Next works it out before serving it.
    await followSavedResult(services, { memberId: saved.memberId, result: saved.result, at: saved.created_at, savedBy, ended: saved.ended, notices: saved.notices }).catch((error: unknown) =>
      call.request.log.error({ err: error }, "the queue's state did not follow a save"),
    );
    call.reply.code(201);
    return { id: saved.id, Result: saved.result as Schemas["MemberResult"], createdAt: iso(saved.created_at), user: savedBy, version: saved.version, campaignId: saved.campaignId };
  },

  async saveNotes(call) {
    const { user } = callerOf(call);
    const { body, services } = call;
    const outcome = await services.saves(() =>
      saveNote(services.db, body, body.notes.trim(), { userId: user.id, address: call.request.ip, seen: body.version, clock: () => calendarNow(services), claimsNow: services.now }),
    );
    if ("stale" in outcome) {
      const { stale } = outcome;
      const savedAt = iso(stale.saved_at ?? stale.notes_at!);
      const current = { version: stale.version, notes: stale.notes ?? "", notestimestamp: iso(stale.notes_at ?? savedAt), savedAt, savedBy: personOf(stale) };
      return call.reply.code(409).send(noteConflict(current)) as never;
    }
    const { saved } = outcome;
    await sendAfterCommit(services.db, ...saved.notices);
    call.reply.code(201);
    return { id: saved.id, notes: saved.notes, notestimestamp: iso(saved.created_at), user: { firstname: user.firstname, lastname: user.lastname }, version: saved.version };
  },

  async getNotes(call) {
    const { user } = callerOf(call);
    const key = call.services.decodeJson<MemberKey>(call.path.params, "NotesQuery", "params");
    const memberId = await findMemberId(call.services.db, key, "params.patnum");
    await audit(call.services.db, { userId: user.id, action: "getNotes", memberIds: [memberId], address: call.request.ip });
    return (await notesOf(call.services.db, memberId)).map((row) => ({
      id: row.id,
      notes: row.notes,
      notestimestamp: iso(row.created_at),
      user: { firstname: row.firstname, lastname: row.lastname },
    }));
  },

  async getResults(call) {
    const { user } = callerOf(call);
    const key = call.services.decodeJson<MemberKey>(call.path.params, "NotesQuery", "params");
    const memberId = await findMemberId(call.services.db, key, "params.patnum");
    await audit(call.services.db, { userId: user.id, action: "getResults", memberIds: [memberId], address: call.request.ip });
    const results = (await resultsOf(call.services.db, memberId)).map((row) => ({
      id: row.id,
      Result: row.result as Schemas["MemberResult"],
      createdAt: iso(row.created_at),
      user: { firstname: row.firstname, lastname: row.lastname },
    }));
    const changes = await callbackChangesOf(call.services.db, memberId, call.services.config.reportTimeZone);
    return withCallbackChanges(
      results,
      changes.map((row) => ({ id: row.id, change: row.change, dueAt: iso(row.due_at), timeZone: row.time_zone, at: iso(row.at), user: { firstname: row.firstname, lastname: row.lastname } })),
    );
  },
};
