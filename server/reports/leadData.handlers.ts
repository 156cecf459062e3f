// The lead data report (tag reports): leads entered per practice over the six standard periods or
// a custom range, with the client's dates.
import type { Handlers } from "../handlers.ts";
import { leadDataReport } from "./leadDataReport.ts";

export const leadDataHandlers: Handlers = {
  async getLeadDataReport({ body, services }) {
    return leadDataReport(services, body);
  },
};
