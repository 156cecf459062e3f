// Tracking of report actions and page visits, and the universal usage report (tag usage). The
// report is for administrators; the wrapper answers 403 to other staff (`x-admin-only`).
import { HttpError } from "../../contract/errors.ts";
import { HttpResponse } from "msw";
import type { components } from "../../contract/schema";
import { caller, createApi } from "../api";
import { nextId, type MockDb } from "../db/createMockDb";
import { recordPageVisit } from "../usage/pageVisits";
import { usageReport } from "../usage/usageReport";
import { callActivityReport } from "../usage/callActivity";
import { checkCampaignFilter, doneIn } from "../campaigns/campaignFilter";
import { checkDayRange } from "../../domain/calendar.ts";
import { USAGE_EXPORT_COLUMNS } from "../../domain/exports/columns.ts";
import { exportFileName } from "../../domain/exports/fileName.ts";
import { csvResponse, oneBatch } from "../exports/csvResponse";

type UsageQuery = components["schemas"]["UsageQuery"];

/** The report's query; a range that ends before it starts is refused. */
function usageQueryOf(params: unknown): UsageQuery {
  const query = params as UsageQuery;
  checkDayRange(query, "params.endDate");
  return query;
}

export function usageHandlers(db: MockDb) {
  const api = createApi(db);

  return [
    api.post("/report/saveUsage", (context) => {
      const { user } = caller(context);
      const { report, action } = context.body;
      db.reportUses.push({ id: nextId(db.reportUses), userId: user.id, report, action, at: db.now().toISOString() });
      return HttpResponse.json({ message: "Recorded" }, { status: 201 });
    }),

    api.post("/saveApplicationUsage", (context) => {
      const { user } = caller(context);
      const { userId, defualtPracticeId, visitedUrl, token } = context.body;
      if (userId !== user.id) throw new HttpError(403, "You may only record your own visits");
      const added = recordPageVisit(db.pageVisits, { userId, defualtPracticeId, visitedUrl, token, accessedAt: db.now().toISOString() });
      return HttpResponse.json({ message: added ? "Recorded" : "Already recorded" }, { status: 201 });
    }),

    api.get("/report/usage/{params}", ({ json }) => HttpResponse.json(usageReport(db.pageVisits, db.users, usageQueryOf(json.params)))),

    api.get("/report/usage/{params}/export", ({ json }) => {
      const rows = usageReport(db.pageVisits, db.users, usageQueryOf(json.params));
      return csvResponse({ fileName: exportFileName("Usage", db.now()), columns: USAGE_EXPORT_COLUMNS, rowCount: rows.length, batches: oneBatch(rows) });
    }),

    api.get("/report/call-activity", ({ query }) => {
      checkDayRange(query);
      checkCampaignFilter(db, query.campaign);
      return HttpResponse.json(callActivityReport(doneIn(db.callStarts, query.campaign), doneIn(db.results, query.campaign), db.users, query));
    }),
  ];
}
