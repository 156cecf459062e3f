// A practice feed file from the browser in the fake backend: read whole at once by its feed's
// layout (domain/feeds/layouts.ts: the header checked by the caller, each row's line, blank rows,
// every rule of a row), the good rows applied as the server applies them (applyFeed.ts), the run
// logged in the feeds job as the server's would be, ending at once with the server's summary.
import Papa from "papaparse";
import type { components } from "../../contract/schema";
import type { CronRecord } from "../../demo/records.ts";
import type { RawRow } from "../../domain/import/columns.ts";
import { isBlank, newlinesIn, SUMMARY_EXAMPLES, type Rejection } from "../../domain/import/memberFile.ts";
import { REJECTIONS_SHOWN } from "../../domain/import/upload.ts";
import { readFeedRow, type FeedPractice, type FeedRecords } from "../../domain/feeds/layouts.ts";
import type { FeedName } from "../../domain/feeds/records.ts";
import { feedSummary } from "../../domain/feeds/summary.ts";
import { importStatus } from "../../domain/jobs.ts";
import type { MockDb } from "../db/createMockDb";
import { applyFeedRecords } from "./applyFeed";

type FeedImport = components["schemas"]["FeedImport"];

export interface FeedFileImport {
  feed: FeedName;
  fileName: string;
  content: string;
}

/** Imports the file, logs the run in the feeds job and answers it; the caller checked the upload whole first. */
export function importFeedFile(db: MockDb, cron: CronRecord, file: FeedFileImport, runId: number): FeedImport {
  const practices = new Map<string, FeedPractice>(db.practices.map((p) => [p.practiceabbr.toUpperCase(), { id: p.id, timeZone: db.queue.practiceZoneOf(p.id) }]));
  const rows = Papa.parse<RawRow>(file.content, { header: true, transformHeader: (column) => column.trim() }).data;
  const records: FeedRecords[FeedName][] = [];
  const rejections: Rejection[] = [];
  let line = 2;
  let rowsRead = 0;
  for (const raw of rows) {
    const rowLine = line;
    line += 1 + newlinesIn(raw);
    if (isBlank(raw)) continue;
    rowsRead += 1;
    const reading = raw.__parsed_extra ? { ok: false as const, reasons: ["the row has more cells than the header"] } : readFeedRow(file.feed, raw, practices);
    if (reading.ok) records.push(reading.record);
    else rejections.push({ line: rowLine, reason: reading.reasons.join("; ") });
  }
  const applied = applyFeedRecords(db, file.feed, records);
  const outcome = {
    feed: file.feed,
    file: file.fileName,
    rowsWritten: records.length,
    rowsRejected: rejections.length,
    rowsChanged: applied.written,
    unmatched: applied.unmatched,
    membersChanged: applied.membersChanged,
    examples: rejections.slice(0, SUMMARY_EXAMPLES),
  };
  const now = db.now().toISOString();
  const message = feedSummary(outcome);
  const status = importStatus(outcome);
  cron.logs.unshift({ id: runId, startTime: now, endTime: now, status, message });
  const bytes = new TextEncoder().encode(file.content).length;
  const run: FeedImport = {
    id: runId,
    status,
    feed: file.feed,
    file: file.fileName,
    startedAt: now,
    endedAt: now,
    message,
    bytesRead: bytes,
    bytesTotal: bytes,
    rowsRead,
    rowsWritten: records.length,
    rowsRejected: rejections.length,
    rejections: rejections.sort((a, b) => a.line - b.line).slice(0, REJECTIONS_SHOWN),
  };
  db.feedImports.set(runId, run);
  return run;
}
