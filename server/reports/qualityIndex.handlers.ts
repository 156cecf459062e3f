// The quality index (tag reports): leads won and lost (by when they were decided) and the outcome and
// funnel of the leads that came in (by when they were entered), over the periods the client sends.
import type { Handlers } from "../handlers.ts";
import { qualityIndexReport } from "./qualityIndexReport.ts";

export const qualityIndexHandlers: Handlers = {
  async getQualityIndexReport({ body, services }) {
    return qualityIndexReport(services, body);
  },
};
