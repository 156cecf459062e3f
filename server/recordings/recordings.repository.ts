// Call recordings in SQL: the directory's filters, search, order and pages
// (`GET /call-recordings/directoryList` and `/search`), the campaigns with their counts, and the
// signed download links (random tokens stored only as SHA-256 hashes).
import { sql, type Kysely } from "kysely";
import { hashToken, type SessionRules } from "../auth/sessions.repository.ts";
import type { DirectoryFilters } from "../../domain/recordings/directory.ts";
import type { Database } from "../db/database.ts";

export interface RecordingRow {
  id: number;
  name: string;
  date_folder: string;
  practice: string;
  practice_id: number;
  campaign: string;
  phone: string;
  agent_email: string;
  size: number;
  url: string;
  recorded_at: Date;
  /** Set once retention removed the audio; the row stays. */
  audio_removed_at: Date | null;
  member_id: number | null;
}

/** openapi.yaml, downloadCallRecording: the link expires after 5 minutes. */
export const DOWNLOAD_LINK_LIFETIME_MS = 5 * 60 * 1000;

/** A LIKE pattern finding the text anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function matching(db: Kysely<Database>, filters: DirectoryFilters) {
  const { practiceId, campaign, dateFolder, dates, search, memberId, agent } = filters;
  let query = db
    .selectFrom("call_recordings as r")
    .innerJoin("practices as p", "p.id", "r.practice_id")
    .innerJoin("call_campaigns as c", "c.id", "r.campaign_id");
  if (practiceId !== undefined) query = query.where("r.practice_id", "=", practiceId);
  if (campaign !== undefined) query = query.where("c.name", "=", campaign);
  if (dateFolder !== undefined) query = query.where("r.date_folder", "=", dateFolder);
  if (dates !== undefined) query = query.where("r.date_folder", ">=", dates.startDate).where("r.date_folder", "<=", dates.endDate);
  if (memberId !== undefined) query = query.where("r.member_id", "=", memberId);
  // lower(agent_email) is what call_recordings_agent_idx (migration 0046) holds.
  if (agent !== undefined) query = query.where(sql<string>`lower(r.agent_email)`, "=", agent);
  if (search) {
    const pattern = containing(search);
    query = query.where((eb) => eb.or([eb("r.phone", "ilike", pattern), eb("r.agent_email", "ilike", pattern), eb("r.name", "ilike", pattern)]));
  }
  return query;
}

/** The recordings matching every filter, newest first (ties by id descending), one page of them and their count. */
export async function findRecordings(
  db: Kysely<Database>,
  filters: DirectoryFilters,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: RecordingRow[] }> {
  const count = await countRecordings(db, filters);
  const rows = await newestFirst(db, filters).limit(page.limit).offset(page.offset).execute();
  return { count, rows };
}

/** The recordings matching every filter, newest first, ties by id descending. */
function newestFirst(db: Kysely<Database>, filters: DirectoryFilters) {
  return matching(db, filters)
    .select([
      "r.id",
      "r.name",
      sql<string>`to_char(r.date_folder, 'YYYY-MM-DD')`.as("date_folder"),
      "p.abbr as practice",
      "r.practice_id",
      "c.name as campaign",
      "r.phone",
      "r.agent_email",
      "r.size",
      "r.url",
      "r.recorded_at",
      "r.audio_removed_at",
      "r.member_id",
    ])
    .orderBy("r.recorded_at", "desc")
    .orderBy("r.id", "desc");
}

/**
 * Every recording matching the filters in the directory's order, `batchSize` at a time: each
 * batch a query of its own starting after the last row's own stored time and id (compared in SQL,
 * so no precision is lost in JavaScript). Nothing stays open between batches.
 */
export async function* recordingsInBatches(db: Kysely<Database>, filters: DirectoryFilters, batchSize: number): AsyncGenerator<RecordingRow[]> {
  let lastId: number | undefined;
  for (;;) {
    let q = newestFirst(db, filters);
    if (lastId !== undefined) {
      q = q.where(sql<boolean>`(r.recorded_at, r.id) < (select recorded_at, id from call_recordings where id = ${lastId})`);
    }
    const rows = await q.limit(batchSize).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    lastId = rows.at(-1)!.id;
  }
}

/** How many recordings match every filter. */
export async function countRecordings(db: Kysely<Database>, filters: DirectoryFilters): Promise<number> {
  const counted = await matching(db, filters)
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(counted.count);
}

/** Campaigns that have recordings, by name (code point order, as every text order of the contract). */
export async function campaignCounts(db: Kysely<Database>): Promise<{ name: string; count: number }[]> {
  const rows = await db
    .selectFrom("call_campaigns as c")
    .innerJoin("call_recordings as r", "r.campaign_id", "c.id")
    .select(["c.name", (eb) => eb.fn.countAll<string>().as("count")])
    .groupBy("c.name")
    .orderBy(sql`c.name collate "C"`)
    .execute();
  return rows.map((row) => ({ name: row.name, count: Number(row.count) }));
}

/** The recording a download key names, and whether its audio is still kept. */
export async function findRecordingByKey(db: Kysely<Database>, url: string): Promise<{ id: number; audioRemoved: boolean } | undefined> {
  const row = await db.selectFrom("call_recordings").select(["id", "audio_removed_at"]).where("url", "=", url).executeTakeFirst();
  return row && { id: row.id, audioRemoved: row.audio_removed_at !== null };
}

export async function saveDownloadLink(
  db: Kysely<Database>,
  link: { token: string; recordingId: number; userId: number; sessionId: string; title: string },
  now: Date,
): Promise<void> {
  await db
    .insertInto("recording_downloads")
    .values({
      token_hash: hashToken(link.token),
      recording_id: link.recordingId,
      user_id: link.userId,
      session_id: link.sessionId,
      title: link.title,
      issued_at: now,
      expires_at: new Date(now.getTime() + DOWNLOAD_LINK_LIFETIME_MS),
    })
    .execute();
}

/**
 * The link of a token while it is valid, with its recording's file (null once the recording is
 * deleted); undefined for a token never issued or expired, and once the session it was issued in
 * has ended (signed out, idle, past its lifetime) or its user is disabled: a user's links end with
 * their sessions.
 */
export async function redeemDownloadLink(db: Kysely<Database>, token: string, now: Date, rules: SessionRules) {
  return db
    .selectFrom("recording_downloads as d")
    .innerJoin("sessions as s", "s.id", "d.session_id")
    .innerJoin("users as u", "u.id", "s.user_id")
    .leftJoin("call_recordings as r", "r.id", "d.recording_id")
    .select(["d.user_id", "d.title", "d.recording_id", "r.file_path", "r.audio_in", "r.audio_removed_at"])
    .where("d.token_hash", "=", hashToken(token))
    .where("d.expires_at", ">", now)
    .where("s.revoked_at", "is", null)
    .where("s.expires_at", ">", now)
    .where("s.last_seen_at", ">", new Date(now.getTime() - rules.idleMs))
    .where("u.disabled", "=", false)
    .executeTakeFirst();
}

/** Ends a link as its 5 minutes would (the contract suite's `expireDownloadLink`). */
export async function expireDownloadLink(db: Kysely<Database>, token: string): Promise<void> {
  await db
    .updateTable("recording_downloads")
    .set((eb) => ({ expires_at: eb.ref("issued_at") }))
    .where("token_hash", "=", hashToken(token))
    .execute();
}

/** Whether any recording's audio is a file of the folder (the demo recordings share a few files). */
export async function hasRecordingsIn(db: Kysely<Database>, folder: string): Promise<boolean> {
  const row = await db.selectFrom("call_recordings").select("id").where("file_path", "like", `${folder}/%`).limit(1).executeTakeFirst();
  return row !== undefined;
}
