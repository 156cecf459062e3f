// The Quality Index Report's call (openapi.yaml POST /report/quality-index-report), for its report machine.
import { unwrap, type ApiClient } from "../../api/client";
import { qualityIndexPeriods } from "../../../domain/reports/qualityIndex.ts";
import { reportActors } from "../report/report.actors";
import type { QualityIndexReport } from "./qualityIndex.selectors";

export function createQualityIndexActors(api: ApiClient) {
  // The period bounds are computed at each load: a Refresh after midnight asks for the new day.
  return reportActors<Record<string, never>, QualityIndexReport>((_filters, signal) =>
    unwrap(api.POST("/report/quality-index-report", { body: qualityIndexPeriods(new Date()), signal })),
  );
}
