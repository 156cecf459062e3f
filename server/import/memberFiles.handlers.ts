// A payer's member file from the browser (openapi.yaml uploadMemberFile, getMemberImport): checked
// whole first (domain/import/upload.ts), kept in the file store, then imported by a run of the
// payer's import job with the rules and audit of `npm run import`, in the background of this
// instance (uploads.ts); the answer is the run, which the browser follows to its end. A server
// stopping interrupts the run after its last batch, and the next start goes on from there.
import type { Kysely } from "kysely";
import type { components } from "../../contract/schema.d.ts";
import { HttpError, invalidRequest } from "../../contract/errors.ts";
import { brandOfUpload, importRunning, REJECTIONS_SHOWN, uploadProblems } from "../../domain/import/upload.ts";
import type { Database } from "../db/database.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { importJobKey } from "../jobs/catalog.ts";
import { executeJob } from "../jobs/runner.ts";
import { findJob } from "../jobs/runs.repository.ts";
import { keepUpload, trackUpload, uploadRunner, uploadsOf } from "./uploads.ts";
import { importRejections, memberImportRun, practiceIdByAbbreviation } from "./memberFiles.repository.ts";

type MemberImport = components["schemas"]["MemberImport"];

const iso = (value: Date | string) => new Date(value).toISOString();

async function memberImport(db: Kysely<Database>, runId: number): Promise<MemberImport | undefined> {
  const run = await memberImportRun(db, runId);
  if (!run) return undefined;
  const rejections = await importRejections(db, runId, REJECTIONS_SHOWN);
  return {
    id: run.id,
    status: run.status === "skipped" ? "failure" : run.status,
    file: run.file ?? "",
    brand: run.key.slice("import-".length) as MemberImport["brand"],
    startedAt: iso(run.started_at),
    endedAt: run.ended_at === null ? null : iso(run.ended_at),
    message: run.message,
    bytesRead: Number(run.bytes_read ?? 0),
    bytesTotal: Number(run.bytes_total ?? 0),
    rowsRead: run.rows_read ?? 0,
    rowsWritten: run.rows_written ?? 0,
    rowsRejected: run.rows_rejected ?? 0,
    rejections,
  };
}

export const memberFilesHandlers: Handlers = {
  async uploadMemberFile(call) {
    const { db } = call.services;
    const { user } = callerOf(call);
    const upload = call.body;
    const practiceKnown = upload.practice === undefined || (await practiceIdByAbbreviation(db, upload.practice)) !== undefined;
    const problems = uploadProblems(upload, practiceKnown);
    if (problems.length > 0) throw invalidRequest(problems);
    const brand = brandOfUpload(upload)!;
    const job = await findJob(db, { key: importJobKey(brand) });
    if (!job) throw new Error(`there is no import job for ${brand}`);
    const extractedAt = upload.extractedAt ? new Date(upload.extractedAt) : call.services.now();
    const details = {
      fileName: upload.fileName,
      brand,
      ...(upload.practice === undefined ? {} : { practice: upload.practice }),
      extractedAt: extractedAt.toISOString(),
      auditAs: { userId: user.id, address: call.request.ip },
    };

    let claimed: (runId: number | undefined) => void = () => {};
    let failed: (error: unknown) => void = () => {};
    const runId = new Promise<number | undefined>((resolve, reject) => {
      claimed = resolve;
      failed = reject;
    });
    const run = executeJob(call.services, job.id, {
      trigger: "upload",
      runner: uploadRunner(call.services.files),
      signal: uploadsOf(db).stop.signal,
      details: { requestedBy: user.id, file: upload.fileName, bytesTotal: Buffer.byteLength(upload.content) },
      // The run is answered once its file is kept: from then on a server stop cannot lose it.
      onClaimed: async (id) => {
        try {
          await keepUpload(call.services.files, id, details, upload.content);
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
        call.request.log.error({ err: error }, "member file import failed");
      });
    trackUpload(db, run);

    const started = await runId;
    if (started === undefined) throw new HttpError(409, importRunning(brand));
    call.reply.code(202);
    // 202 is not among the success answers the handler type knows (200, 201).
    return (await memberImport(db, started)) as never;
  },

  async getMemberImport({ path, services }) {
    const found = await memberImport(services.db, path.id);
    if (!found) throw new HttpError(404, "No such members import");
    return found;
  },
};
