// A run of "Import call recordings" for the administrator who started it (openapi.yaml
// getRecordingsImport): its counts, whether it found nothing, and the keys it could not read.
import { HttpError } from "../../contract/errors.ts";
import { foundNothing, refusalOfLogLine, REFUSALS_SHOWN } from "../../domain/recordings/importReport.ts";
import type { Handlers } from "../handlers.ts";
import { recordingsImportRun, refusedKeys } from "./recordingsImport.repository.ts";

export const recordingsImportHandlers: Handlers = {
  async getRecordingsImport({ path, services }) {
    const run = await recordingsImportRun(services.db, path.id);
    if (!run) throw new HttpError(404, "No such run of Import call recordings");
    const [rowsRead, rowsWritten, rowsRejected] = [run.rows_read ?? 0, run.rows_written ?? 0, run.rows_rejected ?? 0];
    return {
      id: run.id,
      status: run.status,
      startedAt: run.started_at.toISOString(),
      endedAt: run.ended_at?.toISOString() ?? null,
      message: run.message,
      rowsRead,
      rowsWritten,
      rowsRejected,
      foundNothing: foundNothing(run.status, rowsRead),
      refusals: (await refusedKeys(services.db, run.id, REFUSALS_SHOWN)).map(refusalOfLogLine),
    };
  },
};
