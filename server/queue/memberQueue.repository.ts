// What the work queue adds to members as the list shows them (domain/queue/memberFields.ts): the
// open callback, the do-not-call result with who saved it when, the attempts and the time zone,
// for one page of rows in two queries by id.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { components } from "../../contract/schema.d.ts";
import type { MemberQueueFields } from "../../domain/queue/memberFields.ts";
import { isDoNotCall } from "../../domain/queue/results.ts";
import { openCallbacksOf, toCallback } from "./callbacks.repository.ts";
import { appointmentsColumnSql } from "../feeds/memberStatuses.repository.ts";

type Schemas = components["schemas"];
const iso = (value: Date | string) => new Date(value).toISOString();

/** The latest saved result of each member, and who saved it when. */
export async function latestResultsOf(db: Kysely<Database>, memberIds: readonly number[]): Promise<Map<number, Schemas["SavedBy"]>> {
  if (memberIds.length === 0) return new Map();
  const { rows } = await sql<{ member_id: number; result: string; created_at: Date; firstname: string; lastname: string }>`
    select distinct on (r.member_id) r.member_id, r.result, r.created_at, u.firstname, u.lastname
    from results r join users u on u.id = r.user_id
    where r.member_id = any(${memberIds as number[]}::int[]) order by r.member_id, r.id desc`.execute(db);
  return new Map(
    rows.map((row) => [row.member_id, { Result: row.result as Schemas["MemberResult"], savedAt: iso(row.created_at), savedBy: { firstname: row.firstname, lastname: row.lastname } }]),
  );
}

/** The latest saved result of a member read as JSON (null without one), and who saved it when. */
export interface LatestResultRow {
  result: string;
  created_at: string;
  firstname: string;
  lastname: string;
}

/** The column `last_result` and its join on members `m`: the member's latest saved result (by id) and who saved it. */
export const latestResultSql = {
  columns: sql`to_json(lr) as last_result`,
  joins: sql`left join lateral (
    select r.result, r.created_at, u.firstname, u.lastname from results r join users u on u.id = r.user_id
    where r.member_id = m.id order by r.id desc limit 1) lr on true`,
};

/** What the member Next serves adds to its listed row: its latest saved result and its appointments. */
export const servedMemberExtraSql = { columns: sql`${latestResultSql.columns}, ${appointmentsColumnSql}`, joins: latestResultSql.joins };

export const savedByOf = (row: LatestResultRow): Schemas["SavedBy"] => ({
  Result: row.result as Schemas["MemberResult"],
  savedAt: iso(row.created_at),
  savedBy: { firstname: row.firstname, lastname: row.lastname },
});

/** The queue's fields of each member (its result as the row shows it), by id. */
export async function queueFieldsOf(db: Kysely<Database>, members: readonly { id: number; result: string }[], groupZone: string): Promise<Map<number, MemberQueueFields>> {
  const ids = members.map((member) => member.id);
  if (ids.length === 0) return new Map();
  const [states, callbacks, saves] = await Promise.all([
    db.selectFrom("queue_state").select(["member_id", "attempts", "time_zone"]).where("member_id", "=", sql<number>`any(${ids}::int[])`).execute(),
    openCallbacksOf(db, ids, groupZone),
    latestResultsOf(db, members.filter((member) => isDoNotCall(member.result)).map((member) => member.id)),
  ]);
  const stateOf = new Map(states.map((state) => [state.member_id, state]));
  const callbackOf = new Map(callbacks.map((row) => [row.member_id, toCallback(row)]));
  return new Map(
    members.map((member) => {
      const state = stateOf.get(member.id);
      const save = saves.get(member.id);
      // The do-not-call result the row shows, saved by whoever saved the member's latest result.
      const doNotCall = save && isDoNotCall(member.result) ? { ...save, Result: member.result as Schemas["MemberResult"] } : null;
      return [member.id, { callback: callbackOf.get(member.id) ?? null, doNotCall, attempts: state?.attempts ?? 0, timeZone: state?.time_zone ?? groupZone }];
    }),
  );
}
