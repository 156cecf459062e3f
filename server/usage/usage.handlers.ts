// Report actions and page visits are recorded; administrators read the visits in the universal
// usage report (tag usage; the app answers 403 to other staff, x-admin-only).
import { HttpError } from "../../contract/errors.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { usageReport } from "./usageReport.repository.ts";
import { callActivityReport } from "./callActivity.repository.ts";
import { usageQueryOf } from "./usageQuery.ts";
import { recordPageVisit, recordReportUse } from "./usage.repository.ts";
import { checkDayRange } from "../../domain/calendar.ts";
import { checkCampaignFilter } from "../campaigns/campaigns.repository.ts";

export const usageHandlers: Handlers = {
  async saveUsage(call) {
    const { user } = callerOf(call);
    const { report, action } = call.body;
    await recordReportUse(call.services.db, user.id, { report, action }, call.services.now());
    call.reply.code(201);
    return { message: "Recorded" };
  },

  async saveApplicationUsage(call) {
    const { user } = callerOf(call);
    const { userId, defualtPracticeId, visitedUrl, token } = call.body;
    if (userId !== user.id) throw new HttpError(403, "You may only record your own visits");
    // The navigation id is an idempotency key: a retried post is answered as saved, counted once.
    const added = await recordPageVisit(call.services.db, user.id, { defaultPracticeId: defualtPracticeId, visitedUrl, token }, call.services.now());
    call.reply.code(201);
    return { message: added ? "Recorded" : "Already recorded" };
  },

  async getUsageReport(call) {
    return usageReport(call.services.reads().db, usageQueryOf(call.services, call.path.params), call.services.config.reportTimeZone);
  },

  async getCallActivityReport(call) {
    checkDayRange(call.query);
    await checkCampaignFilter(call.services.db, call.query.campaign);
    return callActivityReport(call.services.reads().db, call.query, call.services.config.reportTimeZone, call.query.campaign);
  },
};
