// Uploads no run will ever read, removed from the file store (area `imports`): the parts of a file
// whose server died while receiving it (no run was claimed, so nothing else removes them), and the
// file of a run that is no longer running (a server that died as its run ended, or a run closed as
// failed because its instance died). Only what was stored more than ABANDONED_UPLOAD_GRACE_MS ago
// is touched, so that a file another instance is still receiving, or has received and is about to
// hand to its run, is left to it. Run at start-up and every hour by the scheduler.
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { FileStore, ListedFile } from "../files/fileStore.ts";
import { interruptedUploads } from "../jobs/runs.repository.ts";
import { UPLOAD_AREA } from "./receiveFile.ts";
import { keptStemOf } from "./uploads.ts";

/** Far longer than receiving a file of MAX_BODY_BYTES and claiming its run takes, even on a slow line. */
export const ABANDONED_UPLOAD_GRACE_MS = 60 * 60 * 1000;

const LISTED_AT_ONCE = 1000;
const RUN_DETAILS = /^(\d+)\.json$/;
const PART = /^(.+)\.csv\.\d+$/;

async function listedUploads(files: FileStore): Promise<ListedFile[]> {
  const listed: ListedFile[] = [];
  for (let page = await files.list(UPLOAD_AREA, { limit: LISTED_AT_ONCE }); page.length > 0; ) {
    listed.push(...page);
    if (page.length < LISTED_AT_ONCE) break;
    page = await files.list(UPLOAD_AREA, { after: page.at(-1)!.name, limit: LISTED_AT_ONCE });
  }
  return listed;
}

/** How many files were removed. */
export async function removeAbandonedUploads(services: { db: Kysely<Database>; files: FileStore }, now: Date): Promise<number> {
  const { db, files } = services;
  const listed = await listedUploads(files);
  if (listed.length === 0) return 0;
  // A running upload's file is its run's to read and remove, however old.
  const running = new Set((await interruptedUploads(db)).map((run) => run.id));
  const kept = new Set<string>();
  for (const file of listed) {
    const runId = Number(RUN_DETAILS.exec(file.name)?.[1]);
    if (!running.has(runId)) continue;
    kept.add(file.name);
    const stem = await keptStemOf(files, runId);
    if (stem !== undefined) kept.add(stem);
  }
  const oldest = now.getTime() - ABANDONED_UPLOAD_GRACE_MS;
  let removed = 0;
  for (const file of listed) {
    const stem = PART.exec(file.name)?.[1];
    if (kept.has(file.name) || (stem !== undefined && kept.has(stem)) || file.storedAt.getTime() > oldest) continue;
    if (await files.remove(UPLOAD_AREA, file.name)) removed += 1;
  }
  return removed;
}
