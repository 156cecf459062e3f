// The recordings import in SQL: the cursor of each place, the match of a page of keys to members
// and call starts (one statement per page), and the rows written (one statement per page, a key
// already there left as it is: the unique source_key). Plan: the call start of a recording is
// looked up in the minutes around it on call_starts_started_at_idx, narrowed by member, phone and
// agent; the member by members_practice_phone_digits_idx.
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/database.ts";

/** A call start this close to a recording's time is the call it recorded. */
export const CALL_MATCH_MINUTES = 5;

export async function readCursor(db: Kysely<Database>, source: string): Promise<string | undefined> {
  const row = await db.selectFrom("recording_import_cursors").select("last_key").where("source", "=", source).executeTakeFirst();
  return row?.last_key;
}

export async function saveCursor(db: Kysely<Database>, source: string, lastKey: string, now: Date): Promise<void> {
  await db
    .insertInto("recording_import_cursors")
    .values({ source, last_key: lastKey, updated_at: now })
    .onConflict((conflict) => conflict.column("source").doUpdateSet({ last_key: lastKey, updated_at: now }))
    .execute();
}

/** Practices by abbreviation, upper case. */
export async function practicesByAbbr(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom("practices").select(["id", "abbr"]).execute();
  return new Map(rows.map((row) => [row.abbr.toUpperCase(), row.id]));
}

export interface CallQuestion {
  practiceId: number | null;
  phone: string | null;
  agentEmail: string | null;
  recordedAt: Date;
}

export interface CallAnswer {
  callStartId: number | null;
  /** How many call starts fit (a key without a phone is matched only to the one call of its time). */
  callStarts: number;
  memberId: number | null;
  practiceId: number | null;
  agentEmail: string | null;
  /** The phone of the matched call's member, as the members list has it. */
  memberPhone: string | null;
  /** The name of the campaign the matched call was made for; null when it was made for none. */
  campaign: string | null;
}

/** For each question, in order: the nearest call start that fits it, and the member of its practice and phone. */
export async function matchCalls(db: Kysely<Database>, questions: readonly CallQuestion[]): Promise<CallAnswer[]> {
  if (questions.length === 0) return [];
  const column = <T>(pick: (question: CallQuestion) => T) => questions.map(pick);
  const { rows } = await sql<{ idx: number; call_start_id: number | null; call_starts: string | null; member_id: number | null; practice_id: number | null; agent_email: string | null; member_phone: string | null; campaign: string | null }>`
    select q.idx, s.id as call_start_id, s.matches as call_starts, coalesce(s.member_id, m.id) as member_id,
      coalesce(q.practice_id, s.practice_id) as practice_id, coalesce(q.agent, s.email) as agent_email, s.phone as member_phone, s.campaign
    from unnest(${questions.map((_, index) => index)}::int[], ${column((q) => q.practiceId)}::int[], ${column((q) => q.phone)}::text[],
      ${column((q) => q.agentEmail)}::text[], ${column((q) => q.recordedAt.toISOString())}::timestamptz[]) as q(idx, practice_id, phone, agent, at)
    left join lateral (
      select cs.id, cs.member_id, mm.practice_id, mm.phone, u.email, cc.name as campaign, count(*) over () as matches
      from call_starts cs
      left join campaigns cc on cc.id = cs.campaign_id
      join members mm on mm.id = cs.member_id
      join users u on u.id = cs.user_id
      where cs.started_at between q.at - make_interval(mins => ${CALL_MATCH_MINUTES}) and q.at + make_interval(mins => ${CALL_MATCH_MINUTES})
        and (q.phone is null or mm.phone_digits = q.phone)
        and (q.practice_id is null or mm.practice_id = q.practice_id)
        and (q.agent is null or lower(u.email) = q.agent)
      order by abs(extract(epoch from cs.started_at - q.at)), cs.id
      limit 1
    ) s on true
    left join lateral (
      select m.id from members m
      where m.practice_id = coalesce(q.practice_id, s.practice_id) and m.phone_digits = q.phone
      order by m.id limit 1
    ) m on s.id is null
    order by q.idx`.execute(db);
  return rows.map((row) => ({
    callStartId: row.call_start_id,
    callStarts: Number(row.call_starts ?? 0),
    memberId: row.member_id,
    practiceId: row.practice_id,
    agentEmail: row.agent_email,
    memberPhone: row.member_phone,
    campaign: row.campaign,
  }));
}

/** The ids of the campaigns of these names, added when new. */
export async function campaignIds(db: Kysely<Database>, names: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return new Map();
  await db
    .insertInto("call_campaigns")
    .values(unique.map((name) => ({ name })))
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const rows = await db.selectFrom("call_campaigns").select(["id", "name"]).where("name", "in", unique).execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}

export interface NewRecording {
  name: string;
  dateFolder: string;
  practiceId: number;
  campaignId: number;
  phone: string;
  agentEmail: string;
  size: number;
  url: string;
  locator: string;
  recordedAt: Date;
  memberId: number | null;
  callStartId: number | null;
}

/** Writes the recordings whose key is new; how many were written. */
export async function insertRecordings(db: Kysely<Database>, recordings: readonly NewRecording[]): Promise<number> {
  if (recordings.length === 0) return 0;
  const written = await db
    .insertInto("call_recordings")
    .values(
      recordings.map((r) => ({
        name: r.name,
        date_folder: r.dateFolder,
        practice_id: r.practiceId,
        campaign_id: r.campaignId,
        phone: r.phone,
        agent_email: r.agentEmail,
        size: r.size,
        url: r.url,
        file_path: r.locator,
        source_key: r.locator,
        audio_in: "source" as const,
        recorded_at: r.recordedAt,
        member_id: r.memberId,
        call_start_id: r.callStartId,
      })),
    )
    // A key taken in before (or a url some other recording holds) is left as it is.
    .onConflict((conflict) => conflict.doNothing())
    .returning("id")
    .execute();
  return written.length;
}

export interface UncheckedRecording {
  id: number;
  /** The key under the phone system's place, as the run's refusals name it. */
  key: string;
  locator: string;
}

/** The newest recording's id (0 for none): a run's own recordings come after it. */
export async function lastRecordingId(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("call_recordings").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Imported recordings whose audio has not been checked yet, oldest first, on call_recordings_audio_unchecked_idx (migration 0048). */
export function uncheckedRecordings(db: Kysely<Database>, limit: number): Promise<UncheckedRecording[]> {
  return db
    .selectFrom("call_recordings")
    .select(["id", "url as key", "file_path as locator"])
    .where("audio_in", "=", "source")
    .where("audio_checked_at", "is", null)
    .orderBy("id")
    .limit(limit)
    .execute();
}

export async function markAudioChecked(db: Kysely<Database>, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable("call_recordings").set({ audio_checked_at: at }).where("id", "in", ids).execute();
}

/** Removes recordings whose audio is not audio after all: their keys stay behind the cursor, refused. */
export async function removeRecordings(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom("call_recordings").where("id", "in", ids).execute();
}
