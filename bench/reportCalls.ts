// The calls the report screens make (src/machines/*/…actors.ts), each with the screen's default
// filters and with its widest: every practice and region, the longest period the screen offers
// (24 months where the screen takes any dates: New Patient Origin's own limit), for bench/reports.ts.
import { lastMonths, reportPeriods, zonedDate } from "../domain/calendar.ts";
import { leadPeriodBounds, toLeadDate } from "../domain/reports/leadData.ts";
import { NEW_PATIENT_ORIGIN_MONTHS } from "../domain/reports/newPatientOrigin.ts";
import { qualityIndexPeriods } from "../domain/reports/qualityIndex.ts";
import type { OperationId } from "../server/handlers.ts";

export interface ReportCall {
  screen: string;
  name: string;
  operation: OperationId;
  method: "GET" | "POST";
  /** The API path after /api, path parameters filled in. */
  path: string;
  /** Query parameters as the browser sends them (text) and the handler receives them (numbers for integers). */
  query?: Record<string, string | number>;
  pathParams?: Record<string, string>;
  body?: unknown;
  /** A screen that shows a summary: its answer must stay under 100 kB (openapi.yaml, reports). */
  summary: boolean;
}

export function reportCalls(timeZone: string, now = new Date()): ReportCall[] {
  const today = zonedDate(now, timeZone);
  const periods = reportPeriods(today);
  const month = { ...periods.monthToDate };
  const months = lastMonths(today, NEW_PATIENT_ORIGIN_MONTHS);
  const oldest = months.reduce((a, b) => (a < b ? a : b));
  const longest = { startDate: `${oldest}-01`, endDate: today };
  const status = (params: object) => ({ params: JSON.stringify(params) });
  const origin = (date: string[]) => ({ params: JSON.stringify({ practice: [], brand: "all", date }) });
  const usage = (range: { startDate: string; endDate: string }) => JSON.stringify({ ...range, userSearch: "" });
  const lists: ReportCall[] = [
    { screen: "filter lists", name: "regions", operation: "getReportRegionsList", method: "GET", path: "/report/regionsList", summary: true },
    { screen: "filter lists", name: "practices", operation: "getReportPracticesList", method: "GET", path: "/report/practicesList", summary: true },
  ];
  const all = { brand: "all", region: "all", practice: [], mco: "all", result: "all" };
  return [
    ...lists,
    { screen: "Members Status", name: "default = widest: every filter all", operation: "getMembersStatusReport", method: "GET", path: "/Members/members-status-report", query: status(all), summary: true },
    { screen: "Members Status", name: "brand denta, result Blank", operation: "getMembersStatusReport", method: "GET", path: "/Members/members-status-report", query: status({ ...all, brand: "denta", result: "" }), summary: true },
    { screen: "New Patient Origin", name: "default: this month", operation: "getNewPatientOriginReport", method: "GET", path: "/report/new-patient-origin", query: origin([today.slice(0, 7)]), summary: true },
    { screen: "New Patient Origin", name: `widest: ${NEW_PATIENT_ORIGIN_MONTHS} months`, operation: "getNewPatientOriginReport", method: "GET", path: "/report/new-patient-origin", query: origin(months), summary: true },
    { screen: "Contact Data", name: "default = widest (no filters)", operation: "getContactDataReport", method: "GET", path: "/report/contact-data-report", summary: true },
    { screen: "Quality Index", name: "default = widest (no filters)", operation: "getQualityIndexReport", method: "POST", path: "/report/quality-index-report", body: qualityIndexPeriods(now), summary: true },
    { screen: "Priority Status", name: "default = widest (no filters)", operation: "getPriorityStatusReport", method: "GET", path: "/report/priority-status-report", summary: true },
    { screen: "Lead Data", name: "default: the standard periods", operation: "getLeadDataReport", method: "POST", path: "/report/lead-data-report", body: { mode: "periods", ...leadPeriodBounds(now) }, summary: true },
    { screen: "Lead Data", name: "widest: 24 months, every practice", operation: "getLeadDataReport", method: "POST", path: "/report/lead-data-report", body: { mode: "range", startDate: toLeadDate(longest.startDate), endDate: toLeadDate(today), practice: "all" }, summary: true },
    { screen: "Universal Usage", name: "default: this month", operation: "getUsageReport", method: "GET", path: `/report/usage/${encodeURIComponent(usage(month))}`, pathParams: { params: usage(month) }, summary: false },
    { screen: "Universal Usage", name: "widest: 24 months", operation: "getUsageReport", method: "GET", path: `/report/usage/${encodeURIComponent(usage(longest))}`, pathParams: { params: usage(longest) }, summary: false },
    { screen: "Universal Usage", name: "call activity, default: this month", operation: "getCallActivityReport", method: "GET", path: "/report/call-activity", query: month, summary: true },
    { screen: "Universal Usage", name: "call activity, widest: 24 months", operation: "getCallActivityReport", method: "GET", path: "/report/call-activity", query: longest, summary: true },
    ...(["bygroup", "summary"] as const).flatMap((view) => [
      deleted(view, "default: month to date", { ...month, region: "all", practice: "all" }),
      deleted(view, "widest: 24 months", { ...longest, region: "all", practice: "all" }),
    ]),
    { ...deleted("details", "default: month to date, first page", { ...month, region: "all", practice: "all", pageNum: 1, pageSize: 15 }), summary: false },
    { ...deleted("details", "widest: 24 months, first page", { ...longest, region: "all", practice: "all", pageNum: 1, pageSize: 15 }), summary: false },
    { screen: "Call Recordings", name: "campaigns", operation: "getCallCampaigns", method: "GET", path: "/call-recordings/campaigns", summary: true },
    { screen: "Call Recordings", name: "default = widest: first page, every practice", operation: "getCallDirectoryList", method: "GET", path: "/call-recordings/directoryList", query: { activePage: 1, selectedPageSize: 15 }, summary: false },
    { screen: "Call Recordings", name: "24 months, first page", operation: "getCallDirectoryList", method: "GET", path: "/call-recordings/directoryList", query: { activePage: 1, selectedPageSize: 15, dates: `${longest.startDate},${today}` }, summary: false },
  ];
}

function deleted(view: "bygroup" | "summary" | "details", name: string, query: Record<string, string | number>): ReportCall {
  const operation = ({ bygroup: "getDeletedAppointmentsByGroup", summary: "getDeletedAppointmentsSummary", details: "getDeletedAppointmentsDetails" } as const)[view];
  return { screen: `Deleted Appointments ${view}`, name, operation, method: "GET", path: `/deleted-appointments/${view}`, query, summary: true };
}

export function urlOf(baseUrl: string, call: ReportCall): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(call.query ?? {})) params.set(key, String(value));
  const search = params.toString();
  return `${baseUrl}${call.path}${search ? `?${search}` : ""}`;
}

/** One HTTP request of the call: its time (ms) and the answer's size (bytes). */
export async function request(baseUrl: string, token: string, call: ReportCall): Promise<{ time: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(urlOf(baseUrl, call), {
    method: call.method,
    headers: { authorization: `Bearer ${token}`, ...(call.body ? { "content-type": "application/json" } : {}) },
    ...(call.body ? { body: JSON.stringify(call.body) } : {}),
  });
  const answer = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${call.screen}, ${call.name}: HTTP ${response.status} ${Buffer.from(answer).toString()}`);
  return { time: performance.now() - started, bytes: answer.byteLength };
}
