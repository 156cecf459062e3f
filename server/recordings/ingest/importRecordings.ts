// "Import call recordings" (domain/jobs.ts): takes in the audio the phone system wrote to its place
// (RECORDINGS_SOURCE) since the last run, a page of 1,000 keys at a time. Each page is one
// transaction: its rows, its refused keys and the cursor after its last key commit together, so a
// run stopped anywhere (the server stopping, the bucket going away) loses nothing and the next run
// goes on after the last page it committed. The audio stays where the phone system put it
// (docs/operations.md, Call recordings from the phone system): rows only reference it.
import { basename } from "node:path";
import { zonedDate } from "../../../domain/calendar.ts";
import { missingIntegration } from "../../../domain/jobs.ts";
import { keyLayoutOf } from "../../../domain/recordings/keyLayout.ts";
import { recordingsImportSummary } from "../../../domain/recordings/importSummary.ts";
import { publish } from "../../events/events.repository.ts";
import type { JobRunner, RunContext } from "../../jobs/runner.ts";
import { examineKeys, type RefusalKind } from "./examineKeys.ts";
import { recordingSourceOf } from "./openSource.ts";
import { campaignIds, insertRecordings, matchCalls, practicesByAbbr, readCursor, saveCursor, type NewRecording } from "./recordingImport.repository.ts";
import { resolvePage } from "./resolvePage.ts";
import { SourceUnreadable } from "./recordingSource.ts";

/** Keys listed, checked and written at a time (S3 lists at most 1,000 a request). */
export const PAGE_SIZE = 1000;

/** The job's runner, listing `pageSize` keys at a time (tests list fewer). */
export const recordingsImporter = (pageSize = PAGE_SIZE): JobRunner => async (context: RunContext) => {
  const { services, signal, now } = context;
  const { db, config } = services;
  if (!config.recordingSource) return { status: "skipped", message: missingIntegration("import-recordings", new Set())!.skipped };
  const source = recordingSourceOf(config.recordingSource);
  const layout = keyLayoutOf(config.recordingLayout);
  const after = await readCursor(db, source.name);
  const practices = await practicesByAbbr(db);
  const counts = { rowsRead: 0, rowsWritten: 0, rowsRejected: 0 };
  const refusals = new Map<RefusalKind, number>();
  let lastKey = after;
  const summary = (stopped?: string) => recordingsImportSummary({ place: source.name, after, ...counts, refusals, stopped });
  try {
    for await (const page of source.pages(after, pageSize)) {
      const examined = await examineKeys(source, layout, config.reportTimeZone, page);
      const resolved = await resolvePage(examined, practices, (questions) => matchCalls(db, questions));
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
  } catch (error) {
    if (!(error instanceof SourceUnreadable)) throw error;
    return { status: "failure", message: summary(error.message), counts };
  }
  return { status: "success", message: summary(), counts };
};

export const importRecordings = recordingsImporter();
