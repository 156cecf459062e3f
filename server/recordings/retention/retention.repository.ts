// Retention of call recordings' audio in SQL: the recordings past the retention period that still
// hold audio, read oldest first on call_recordings_audio_kept_idx (migration 0043), marked once
// their audio is gone; and the dry runs that counted each retention period before anything of it
// was removed.
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.ts";

export interface ExpiredRecording {
  id: number;
  file_path: string | null;
  audio_in: "store" | "source";
  member_id: number | null;
}

export async function countExpiredAudio(db: Kysely<Database>, before: Date): Promise<number> {
  const row = await db
    .selectFrom("call_recordings")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("recorded_at", "<", before)
    .where("audio_removed_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The oldest `limit` recordings recorded before `before` whose audio is still kept, after `afterId` among them. */
export function expiredAudioBatch(db: Kysely<Database>, before: Date, limit: number): Promise<ExpiredRecording[]> {
  return db
    .selectFrom("call_recordings")
    .select(["id", "file_path", "audio_in", "member_id"])
    .where("recorded_at", "<", before)
    .where("audio_removed_at", "is", null)
    .orderBy("recorded_at")
    .orderBy("id")
    .limit(limit)
    .execute() as Promise<ExpiredRecording[]>;
}

export async function markAudioRemoved(db: Kysely<Database>, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable("call_recordings").set({ audio_removed_at: at }).where("id", "in", ids).where("audio_removed_at", "is", null).execute();
}

export async function dryRunOf(db: Kysely<Database>, days: number): Promise<{ counted_at: Date; recordings: number } | undefined> {
  return db.selectFrom("recording_retention_dry_runs").select(["counted_at", "recordings"]).where("days", "=", days).executeTakeFirst();
}

export async function saveDryRun(db: Kysely<Database>, days: number, at: Date, recordings: number): Promise<void> {
  await db
    .insertInto("recording_retention_dry_runs")
    .values({ days, counted_at: at, recordings })
    .onConflict((conflict) => conflict.column("days").doUpdateSet({ counted_at: at, recordings }))
    .execute();
}
