// A payer's member file from the browser (openapi.yaml uploadMemberFile, getMemberImport): the file
// is the request's body, received into the file store as it arrives and checked on the way
// (domain/import/upload.ts), then imported by a run of the payer's import job with the rules and
// audit of `npm run import`, in the background of this instance (startUpload.ts, uploads.ts); the
// answer is the run, which the browser follows to its end. A server stopping interrupts the run
// after its last batch, and the next start goes on from there.
import type { Kysely } from "kysely";
import type { components } from "../../contract/schema.d.ts";
import { HttpError, invalidRequest } from "../../contract/errors.ts";
import { brandOfUpload, importRunning, REJECTIONS_SHOWN, uploadBodyProblems, uploadTargetProblems } from "../../domain/import/upload.ts";
import type { Database } from "../db/database.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { importJobKey } from "../jobs/catalog.ts";
import { receiveFile, refuseUnlessCsv } from "./receiveFile.ts";
import { startUploadRun } from "./startUpload.ts";
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
    const { db, files } = call.services;
    const { user } = callerOf(call);
    refuseUnlessCsv(call.request);
    const target = call.query;
    const practiceKnown = target.practice === undefined || (await practiceIdByAbbreviation(db, target.practice)) !== undefined;
    const problems = uploadTargetProblems(target, practiceKnown);
    if (problems.length > 0) throw invalidRequest(problems);
    const received = await receiveFile(files, call.request, (facts) => uploadBodyProblems(target, facts));
    const brand = brandOfUpload(target)!;
    const extractedAt = target.extractedAt ? new Date(target.extractedAt) : call.services.now();
    const runId = await startUploadRun(call, {
      jobKey: importJobKey(brand),
      running: importRunning(brand),
      received,
      details: {
        fileName: target.fileName,
        brand,
        ...(target.practice === undefined ? {} : { practice: target.practice }),
        extractedAt: extractedAt.toISOString(),
        auditAs: { userId: user.id, address: call.request.ip },
      },
    });
    call.reply.code(202);
    // 202 is not among the success answers the handler type knows (200, 201).
    return (await memberImport(db, runId)) as never;
  },

  async getMemberImport({ path, services }) {
    const found = await memberImport(services.db, path.id);
    if (!found) throw new HttpError(404, "No such members import");
    return found;
  },
};
