// "Import call recordings" (domain/jobs.ts): takes in the audio the phone system wrote to its place
// (RECORDINGS_SOURCE) since the last run, a page of 1,000 keys at a time. Each page is one
// transaction: its rows, its refused keys and the cursor after its last key commit together, so a
// run stopped anywhere (the server stopping, the bucket going away) loses nothing and the next run
// goes on after the last page it committed. The audio stays where the phone system put it
// (docs/operations.md, Call recordings from the phone system): rows only reference it.
// A page is taken in from the listing alone (key, size): no request per key. Whether the bytes are
// audio is read after the listing, for at most AUDIO_CHECKS_PER_RUN recordings not checked yet
// (this run's, then what a backlog left to the runs after it); one that is not is removed and
// refused, in this run's counts when this run took it in.
import { basename } from "node:path";
import { zonedDate } from "../../../domain/calendar.ts";
import { missingIntegration } from "../../../domain/jobs.ts";
import { keyLayoutOf } from "../../../domain/recordings/keyLayout.ts";
import { recordingsImportSummary } from "../../../domain/recordings/importSummary.ts";
import { publish } from "../../events/events.repository.ts";
import type { JobRunner, RunContext } from "../../jobs/runner.ts";
import { AUDIO_CHECKS_PER_RUN, checkAudio } from "./audioCheck.ts";
import { examineKeys, type RefusalKind } from "./examineKeys.ts";
import { recordingSourceOf } from "./openSource.ts";
import {
  campaignIds,
  insertRecordings,
  lastRecordingId,
  markAudioChecked,
  matchCalls,
  practicesByAbbr,
  readCursor,
  removeRecordings,
  saveCursor,
  uncheckedRecordings,
  type NewRecording,
} from "./recordingImport.repository.ts";
import { resolvePage } from "./resolvePage.ts";
import { SourceUnreadable } from "./recordingSource.ts";

/**
 * The pages, the next one asked for while the one before is matched and written: the bucket's
 * answer and the database's work overlap. A page listed ahead and not taken (a stopped run) is
 * dropped; the cursor never moved past it.
 */
async function* listedAhead<T>(pages: AsyncGenerator<T>): AsyncGenerator<T> {
  let next = pages.next();
  // Handled where it is awaited; until then a failure must not count as unhandled.
  next.catch(() => {});
  try {
    for (;;) {
      const { value, done } = await next;
      if (done) return;
      next = pages.next();
      next.catch(() => {});
      yield value;
    }
  } finally {
    await pages.return(undefined).catch(() => {});
  }
}

/** Keys listed, checked and written at a time (S3 lists at most 1,000 a request). */
export const PAGE_SIZE = 1000;

/** The job's runner, listing `pageSize` keys at a time and checking `checksPerRun` recordings' audio (tests take fewer). */
export const recordingsImporter = (pageSize = PAGE_SIZE, checksPerRun = AUDIO_CHECKS_PER_RUN): JobRunner => async (context: RunContext) => {
  const { services, signal, now } = context;
  const { db, config } = services;
  if (!config.recordingSource) return { status: "skipped", message: missingIntegration("import-recordings", new Set())!.skipped };
  const source = recordingSourceOf(config.recordingSource);
  const layout = keyLayoutOf(config.recordingLayout);
  const after = await readCursor(db, source.name);
  const practices = await practicesByAbbr(db);
  const counts = { rowsRead: 0, rowsWritten: 0, rowsRejected: 0 };
  const refusals = new Map<RefusalKind, number>();
  /** Recordings of earlier runs this run found not to be audio. */
  let earlierRemoved = 0;
  /** Where in the listing the recordings this run checks were (its first ones): their refusals keep the order listed. */
  const listedAt = new Map<string, number>();
  const before = await lastRecordingId(db);
  let lastKey = after;
  const summary = (stopped?: string) => recordingsImportSummary({ place: source.name, after, ...counts, refusals, earlierRemoved, stopped });
  try {
    for await (const page of listedAhead(source.pages(after, pageSize))) {
      const examined = examineKeys(layout, config.reportTimeZone, page);
      const resolved = await resolvePage(examined, practices, (questions) => matchCalls(db, questions));
      page.forEach((object, index) => listedAt.size < checksPerRun && listedAt.set(object.key, counts.rowsRead + index + 1));
      await db.transaction().execute(async (trx) => {
        const campaigns = await campaignIds(trx, resolved.accepted.map((recording) => recording.campaign));
        const rows: NewRecording[] = resolved.accepted.map((recording) => ({
          ...recording,
          name: basename(recording.key),
          dateFolder: zonedDate(recording.recordedAt, config.reportTimeZone),
          campaignId: campaigns.get(recording.campaign)!,
          url: recording.key,
          locator: source.locatorOf(recording.key),
        }));
        const written = await insertRecordings(trx, rows);
        counts.rowsRead += page.length;
        counts.rowsWritten += written;
        counts.rowsRejected += resolved.refused.length;
        for (const refusal of resolved.refused) refusals.set(refusal.kind, (refusals.get(refusal.kind) ?? 0) + 1);
        await context.reject(
          source.name,
          resolved.refused.map((refusal) => ({ line: counts.rowsRead - page.length + refusal.index + 1, reason: `${refusal.key}: ${refusal.reason}` })),
          trx,
        );
        lastKey = page.at(-1)!.key;
        await saveCursor(trx, source.name, lastKey, now());
        await context.progress(summary(), counts, trx);
        if (written > 0) await publish(trx, { event: "recordings", data: { added: written } });
      });
      if (signal.aborted) return { status: "failure", message: summary("the server stopped"), counts };
    }
    const verdicts = await checkAudio(config, await uncheckedRecordings(db, checksPerRun));
    if (verdicts.length > 0) {
      await db.transaction().execute(async (trx) => {
        const refused = verdicts.filter((verdict) => verdict.refused !== undefined);
        await markAudioChecked(trx, verdicts.filter((verdict) => verdict.refused === undefined).map((verdict) => verdict.recording.id), now());
        await removeRecordings(trx, refused.map((verdict) => verdict.recording.id));
        for (const { recording, refused: why } of refused) {
          if (recording.id <= before) {
            earlierRemoved += 1;
            continue;
          }
          counts.rowsWritten -= 1;
          counts.rowsRejected += 1;
          refusals.set(why!.kind, (refusals.get(why!.kind) ?? 0) + 1);
        }
        // This run's keys where they were listed; an earlier run's after every key listed.
        const lineOf = (key: string, n: number) => listedAt.get(key) ?? counts.rowsRead + n + 1;
        await context.reject(source.name, refused.map(({ recording, refused: why }, n) => ({ line: lineOf(recording.key, n), reason: `${recording.key}: ${why!.reason}` })), trx);
        await context.progress(summary(), counts, trx);
      });
    }
  } catch (error) {
    if (!(error instanceof SourceUnreadable)) throw error;
    return { status: "failure", message: summary(error.message), counts };
  }
  return { status: "success", message: summary(), counts };
};

export const importRecordings = recordingsImporter();
