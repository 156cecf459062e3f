// Report actions and page visits are recorded; administrators read the visits in the universal
// usage report (tag usage; the app answers 403 to other staff, x-admin-only).
import type { components } from "../../contract/schema.d.ts";
import { HttpError } from "../../contract/errors.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import type { Services } from "../services.ts";
import { usageReport } from "./usageReport.ts";
import { callActivityReport } from "./callActivity.ts";
import { checkDayRange } from "../../domain/calendar.ts";

type UsageQuery = components["schemas"]["UsageQuery"];

/** The report's query from its JSON parameter; a range that ends before it starts is refused. */
export function usageQueryOf(services: Services, params: string): UsageQuery {
  const query = services.decodeJson<UsageQuery>(params, "UsageQuery", "params");
  checkDayRange(query, "params.endDate");
  return query;
}

export const usageHandlers: Handlers = {
  async saveUsage(call) {
    const { user } = callerOf(call);
    const { report, action } = call.body;
    await call.services.db.insertInto("report_uses").values({ user_id: user.id, report, action, used_at: call.services.now() }).execute();
    call.reply.code(201);
    return { message: "Recorded" };
  },

  async saveApplicationUsage(call) {
    const { user } = callerOf(call);
    const { userId, defualtPracticeId, visitedUrl, token } = call.body;
    if (userId !== user.id) throw new HttpError(403, "You may only record your own visits");
    // The navigation id is an idempotency key: a retried post is answered as saved, counted once.
    const added = await call.services.db
      .insertInto("page_visits")
      .values({ user_id: user.id, default_practice_id: defualtPracticeId, visited_url: visitedUrl, token, accessed_at: call.services.now() })
      .onConflict((conflict) => conflict.columns(["user_id", "token"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    call.reply.code(201);
    return { message: added ? "Recorded" : "Already recorded" };
  },

  async getUsageReport(call) {
    return usageReport(call.services.db, usageQueryOf(call.services, call.path.params), call.services.config.reportTimeZone);
  },

  async getCallActivityReport(call) {
    checkDayRange(call.query);
    return callActivityReport(call.services.db, call.query, call.services.config.reportTimeZone);
  },
};
