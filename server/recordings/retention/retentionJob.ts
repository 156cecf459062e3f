// "Remove old call recordings' audio" (domain/jobs.ts): the audio of recordings older than
// RECORDINGS_RETENTION_DAYS is deleted where it is (the file store, or the phone system's place for
// an imported one) and the row marked audio removed; the row itself stays for the reports. The
// first run of a retention period only counts (a dry run, shown in the Crons modal's log), so a
// mistaken setting removes nothing before an administrator has seen what it would. The audio goes
// first and the row is marked after, a batch at a time with its audit entry: a run stopped between
// the two leaves a row whose audio is already gone, which the next run marks.
import { zonedDate } from "../../../domain/calendar.ts";
import { missingIntegration, RECORDINGS_RETENTION_JOB } from "../../../domain/jobs.ts";
import { audit } from "../../audit.repository.ts";
import { fileStoreOf } from "../../files/fileStoreOf.ts";
import type { JobRunner, RunContext } from "../../jobs/runner.ts";
import { removeSourceAudio } from "../ingest/sourceAudio.ts";
import { countExpiredAudio, dryRunOf, expiredAudioBatch, markAudioRemoved, saveDryRun, type ExpiredRecording } from "./retention.repository.ts";

const DAY_MS = 86_400_000;
/** Recordings whose audio is removed, then marked and audited, at a time. */
export const BATCH_SIZE = 200;
/** What the audit log calls the job's removals. */
export const AUDIT_ACTION = "removeRecordingAudio";

const count = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "recording" : "recordings"}`;

async function removeAudio(context: RunContext, recording: ExpiredRecording): Promise<void> {
  const { db, config } = context.services;
  if (recording.file_path === null) return;
  if (recording.audio_in === "source") await removeSourceAudio(config, recording.file_path);
  else await fileStoreOf(config, db).remove("recordings", recording.file_path);
}

export const removeExpiredAudio: JobRunner = async (context) => {
  const { services, now, signal } = context;
  const { db, config } = services;
  const days = config.recordingsRetentionDays;
  if (!days) return { status: "skipped", message: missingIntegration(RECORDINGS_RETENTION_JOB, new Set())!.skipped };
  const at = now();
  const before = new Date(at.getTime() - days * DAY_MS);
  const period = `recorded before ${zonedDate(before, config.reportTimeZone)} (RECORDINGS_RETENTION_DAYS=${days})`;
  if (!(await dryRunOf(db, days))) {
    const expired = await countExpiredAudio(db, before);
    await saveDryRun(db, days, at, expired);
    return {
      status: "success",
      message: `Dry run: ${count(expired)} ${period} would lose their audio; nothing removed. The next run removes it.`,
      counts: { rowsRead: expired, rowsWritten: 0, rowsRejected: 0 },
    };
  }
  const counts = { rowsRead: 0, rowsWritten: 0, rowsRejected: 0 };
  const failed = new Set<number>();
  for (;;) {
    const batch = (await expiredAudioBatch(db, before, BATCH_SIZE + failed.size)).filter((recording) => !failed.has(recording.id));
    if (batch.length === 0) break;
    const removed: ExpiredRecording[] = [];
    const refusals: { line: number; reason: string }[] = [];
    for (const recording of batch) {
      try {
        await removeAudio(context, recording);
        removed.push(recording);
      } catch (error) {
        // Left as it is: its audio stays until a run can remove it; the others go on.
        failed.add(recording.id);
        refusals.push({ line: recording.id, reason: `recording ${recording.id} (${recording.file_path}): ${(error as Error).message.split("\n")[0]}` });
      }
    }
    counts.rowsRead += batch.length;
    counts.rowsWritten += removed.length;
    counts.rowsRejected += refusals.length;
    await db.transaction().execute(async (trx) => {
      await markAudioRemoved(trx, removed.map((recording) => recording.id), at);
      const memberIds = [...new Set(removed.flatMap((recording) => (recording.member_id === null ? [] : [recording.member_id])))];
      if (removed.length > 0) await audit(trx, { userId: null, action: `${AUDIT_ACTION} ${count(removed.length)} ${period}`, memberIds, address: "scheduled job" });
      if (refusals.length > 0) await context.reject("recordings", refusals, trx);
      await context.progress(`Removed the audio of ${count(counts.rowsWritten)} so far`, counts, trx);
    });
    if (signal.aborted) return { status: "failure", message: `Stopped after removing the audio of ${count(counts.rowsWritten)} ${period}; the next run goes on`, counts };
  }
  const failures = counts.rowsRejected > 0 ? `; ${count(counts.rowsRejected)} could not be removed (listed below), kept for the next run` : "";
  const message = counts.rowsRead === 0 ? `No recordings ${period} hold audio; nothing removed` : `Removed the audio of ${count(counts.rowsWritten)} ${period}; their rows stay${failures}`;
  return { status: counts.rowsRejected > 0 ? "failure" : "success", message, counts };
};
