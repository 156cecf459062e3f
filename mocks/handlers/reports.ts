// The reports (tag reports), computed from the records on every call, so they follow every saved
// result and every change of the data. The rules of each report live in mocks/reports/.
import { invalidRequest } from "../../contract/errors.ts";
import { HttpResponse } from "msw";
import { caller, createApi } from "../api";
import { nextId, type MockDb } from "../db/createMockDb";
import { contactDataReport } from "../reports/contactData";
import { checkCampaignFilter, doneIn } from "../campaigns/campaignFilter";
import { leadPeriodsOf, type LeadDataRequest } from "../../domain/reports/leadData.ts";
import { leadDataReport } from "../reports/leadData";
import { membersReportMail, parseReportRows } from "../../domain/mail/membersReportMail.ts";
import { contract } from "../openapi/document";
import type { MembersStatusQuery } from "../../domain/reports/membersStatus.ts";
import { membersStatusReport } from "../reports/membersStatus";
import { monthsOutsideOffer } from "../../domain/reports/newPatientOrigin.ts";
import { qualityIndexLines, qualityIndexProblems, type QualityIndexRequest } from "../../domain/reports/qualityIndex.ts";
import { zonedDate } from "../../domain/calendar.ts";
import { newPatientOriginReport, newPatientOriginRows, type NewPatientOriginQuery } from "../reports/newPatientOrigin";
import { priorityStatusReport } from "../reports/priorityStatus";
import { qualityIndexReport } from "../reports/qualityIndex";
import { MEMBERS_STATUS_EXPORT_COLUMNS, PRIORITY_EXPORT_COLUMNS, leadDataExportColumns, priorityRowsOf, QUALITY_INDEX_EXPORT_COLUMNS, FIRST_VISIT_EXPORT_COLUMNS } from "../../domain/exports/columns.ts";
import { exportFileName } from "../../domain/exports/fileName.ts";
import { csvResponse, oneBatch } from "../exports/csvResponse";

export function reportsHandlers(db: MockDb) {
  const api = createApi(db);

  /** The new patient origin query; a month the screen does not offer is refused. */
  const originQuery = (params: unknown) => {
    const query = params as NewPatientOriginQuery;
    const problems = monthsOutsideOffer(query.date, zonedDate(db.now()));
    if (problems.length > 0) throw invalidRequest(problems);
    return query;
  };

  /** The quality index of a request; a day before the calendar's first is refused. */
  const qualityIndex = (body: QualityIndexRequest) => {
    const problems = qualityIndexProblems(body);
    if (problems.length > 0) throw invalidRequest(problems);
    return qualityIndexReport(db.leads, db.practices, body);
  };

  /** The lead data report of a request; days that are no days of the calendar are refused. */
  const leadData = (body: LeadDataRequest) => {
    const asked = leadPeriodsOf(body);
    if ("problems" in asked) throw invalidRequest(asked.problems);
    const practice = body.mode === "range" ? body.practice : "all";
    return leadDataReport(db.leads, db.practices, asked.periods, practice);
  };

  return [
    api.get("/Members/members-status-report", ({ json }) =>
      HttpResponse.json(membersStatusReport(db.members, db.practices, json.params as MembersStatusQuery)),
    ),

    api.post("/report/sendMembersReport", (context) => {
      const { user } = caller(context);
      const parsed = parseReportRows(context.body.data, contract.components);
      if ("problems" in parsed) throw invalidRequest(parsed.problems);
      const sentAt = db.now();
      db.outbox.push({ id: nextId(db.outbox), sentAt: sentAt.toISOString(), ...membersReportMail(user.email, parsed.rows, sentAt) });
      return HttpResponse.json({ message: `Report sent to ${user.email}` }, { status: 202 });
    }),

    api.post("/report/quality-index-report", ({ body }) => HttpResponse.json(qualityIndex(body))),

    api.post("/report/quality-index-report/export", ({ body }) => {
      const lines = qualityIndexLines(qualityIndex(body));
      return csvResponse({ fileName: exportFileName("QualityIndex", db.now()), columns: QUALITY_INDEX_EXPORT_COLUMNS, rowCount: lines.length, batches: oneBatch(lines) });
    }),

    api.get("/report/contact-data-report", ({ query }) => {
      checkCampaignFilter(db, query.campaign);
      return HttpResponse.json(contactDataReport(doneIn(db.results, query.campaign), db.now()));
    }),

    api.get("/report/priority-status-report", () => HttpResponse.json(priorityStatusReport(db.priorities, db.practices))),

    api.get("/report/priority-status-report/export", ({ query }) => {
      const rows = priorityRowsOf(priorityStatusReport(db.priorities, db.practices), query.region, query.practice);
      return csvResponse({ fileName: exportFileName("PriorityStatus", db.now()), columns: PRIORITY_EXPORT_COLUMNS, rowCount: rows.length, batches: oneBatch(rows) });
    }),

    api.get("/Members/members-status-report/export", ({ json }) => {
      const { rows, totals } = membersStatusReport(db.members, db.practices, json.params as MembersStatusQuery);
      const lines = rows.length > 0 ? [...rows, totals] : [];
      return csvResponse({ fileName: exportFileName("MembersStatusReport", db.now()), columns: MEMBERS_STATUS_EXPORT_COLUMNS, rowCount: lines.length, batches: oneBatch(lines) });
    }),

    api.post("/report/lead-data-report", ({ body }) => HttpResponse.json(leadData(body))),

    api.post("/report/lead-data-report/export", ({ body }) => {
      const { periods, leadsEntered } = leadData(body);
      return csvResponse({ fileName: exportFileName("LeadData", db.now()), columns: leadDataExportColumns(periods), rowCount: leadsEntered.length, batches: oneBatch(leadsEntered) });
    }),

    api.get("/report/new-patient-origin", ({ json }) => HttpResponse.json(newPatientOriginReport(db, originQuery(json.params)))),

    api.get("/report/new-patient-origin/export", ({ json }) => {
      const firstVisits = newPatientOriginRows(db, originQuery(json.params));
      return csvResponse({ fileName: exportFileName("NewPatientOrigin", db.now()), columns: FIRST_VISIT_EXPORT_COLUMNS, rowCount: firstVisits.length, batches: oneBatch(firstVisits) });
    }),
  ];
}
