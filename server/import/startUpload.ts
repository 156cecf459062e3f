// What every upload of a file (uploadMemberFile, uploadFeedFile) does once its file is received and
// checked: a run of the layout's job is claimed (409 while one is running, here or on another
// instance), what the run needs to know of the file is kept, and the run goes on in the background
// of this instance (uploads.ts) while the upload is answered with its id. A file whose run never
// started leaves nothing in the store.
import { HttpError } from "../../contract/errors.ts";
import type { Call, OperationId } from "../handlers.ts";
import { executeJob } from "../jobs/runner.ts";
import { findJob } from "../jobs/runs.repository.ts";
import { forgetReceived, type ReceivedFile } from "./receiveFile.ts";
import { keepUpload, trackUpload, uploadRunner, uploadsOf, type UploadDetails } from "./uploads.ts";

export interface UploadStart {
  /** The job whose run imports the file. */
  jobKey: string;
  /** The 409's message while the job is running. */
  running: string;
  details: UploadDetails;
  received: ReceivedFile;
  /** The run's clock, when not the system's. */
  now?: () => Date;
  /** In the run, before its file is kept (a feed's run names its feed). */
  beforeKeeping?: (runId: number) => Promise<void>;
}

/** The id of the run that imports the received file. */
export async function startUploadRun(call: Pick<Call<OperationId>, "services" | "request">, start: UploadStart): Promise<number> {
  const { db, files } = call.services;
  const { details, received } = start;
  const job = await findJob(db, { key: start.jobKey });
  if (!job) throw new Error(`there is no job ${start.jobKey}`);
  let claimed: (runId: number | undefined) => void = () => {};
  let failed: (error: unknown) => void = () => {};
  const runId = new Promise<number | undefined>((resolve, reject) => {
    claimed = resolve;
    failed = reject;
  });
  const run = executeJob(call.services, job.id, {
    trigger: "upload",
    ...(start.now ? { now: start.now } : {}),
    runner: uploadRunner(files),
    signal: uploadsOf(db).stop.signal,
    details: { requestedBy: details.auditAs.userId, file: details.fileName, bytesTotal: received.bytes },
    // The run is answered once its file is kept: from then on a server stop cannot lose it.
    onClaimed: async (id) => {
      try {
        await start.beforeKeeping?.(id);
        await keepUpload(files, id, details, received);
      } catch (error) {
        failed(error);
        throw error;
      }
      claimed(id);
    },
  })
    .then((result) => (result.ran ? undefined : claimed(undefined)))
    .catch((error: unknown) => {
      // Before the run was claimed the upload fails (500); after, the run's log says what happened.
      failed(error);
      call.request.log.error({ err: error }, `${details.fileName}: import failed`);
    });
  trackUpload(db, run);
  const started = await runId.catch(async (error: unknown) => {
    await forgetReceived(files, received);
    throw error;
  });
  if (started === undefined) {
    await forgetReceived(files, received);
    throw new HttpError(409, start.running);
  }
  return started;
}
