// A payer's member file from the browser (uploadMemberFile, getMemberImport): the request's body,
// checked as the server checks it (domain/import/upload.ts) and imported at once (mocks/import/memberImports.ts);
// the run is the payer's import job's, in the Crons modal as on the server.
import { HttpError, invalidRequest } from "../../contract/errors.ts";
import { HttpResponse } from "msw";
import { brandOfUpload, importRunning, uploadBodyProblems, uploadTargetProblems } from "../../domain/import/upload.ts";
import { createApi } from "../api";
import type { MockDb } from "../db/createMockDb";
import { importMemberFile, type MemberImportRecord } from "../import/memberImports";
import { receiveFile, refuseUnlessCsv } from "../import/uploadedFile";
import { settleRerun } from "../jobs/rerun";
import type { components } from "../../contract/schema";

type Brand = components["schemas"]["Brand"];

export function memberFilesHandlers(db: MockDb) {
  const api = createApi(db);
  const nextLogId = () => db.crons.reduce((max, cron) => Math.max(max, ...cron.logs.map((log) => log.id)), 0) + 1;

  /** Another run of an import job (the demo's history, a re-run): what its log says, as the server answers such a run. */
  const importJobRun = (id: number): MemberImportRecord | undefined => {
    for (const cron of db.crons.filter((candidate) => /^Import \w+ members$/.test(candidate.title))) {
      settleRerun(cron, db.now());
      const log = cron.logs.find((candidate) => candidate.id === id);
      if (!log) continue;
      const brand = cron.title.split(" ")[1]!.toLowerCase() as Brand;
      const status = log.status === "skipped" ? "failure" : log.status;
      const counts = { bytesRead: 0, bytesTotal: 0, rowsRead: 0, rowsWritten: 0, rowsRejected: 0, rejections: [] };
      return { id, status, file: "", brand, startedAt: log.startTime, endedAt: log.endTime, message: log.message, ...counts };
    }
    return undefined;
  };

  return [
    api.post("/Members/imports", async ({ request, query: target }) => {
      refuseUnlessCsv(request);
      const practiceKnown = target.practice === undefined || db.practices.some((practice) => practice.practiceabbr.toUpperCase() === target.practice!.trim().toUpperCase());
      const problems = uploadTargetProblems(target, practiceKnown);
      if (problems.length > 0) throw invalidRequest(problems);
      const { content, facts } = await receiveFile(request);
      const refused = uploadBodyProblems(target, facts);
      if (refused.length > 0) throw invalidRequest(refused);
      const brand = brandOfUpload(target) as Brand;
      const cron = db.crons.find((candidate) => candidate.title === `Import ${brand.toUpperCase()} members`);
      if (!cron) throw new Error(`there is no import job for ${brand}`);
      if (settleRerun(cron, db.now())) throw new HttpError(409, importRunning(brand));
      const extractedAt = target.extractedAt ? new Date(target.extractedAt) : db.now();
      const run = importMemberFile(db, cron, { fileName: target.fileName, content, brand, practice: target.practice, extractedAt }, nextLogId());
      return HttpResponse.json(run, { status: 202 });
    }),

    api.get("/Members/imports/{id}", ({ path }) => {
      const run = db.memberImports.get(path.id) ?? importJobRun(path.id);
      if (!run) throw new HttpError(404, "No such members import");
      return HttpResponse.json(run);
    }),
  ];
}
