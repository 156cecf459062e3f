// The CSV exports (openapi.yaml, the export operations): each reads what its screen's call reads,
// under the same filters, and streams it as CSV.
import { campaignListFilter } from "../campaigns/campaigns.repository.ts";
import { callerOf, type Call, type Handlers } from "../handlers.ts";
import { audit } from "../audit.repository.ts";
import { EXPORT_BATCH_ROWS } from "../../domain/exports/protocol.ts";
import {
  CALL_RECORDING_EXPORT_COLUMNS,
  DELETED_BY_GROUP_EXPORT_COLUMNS,
  DELETED_DETAILS_EXPORT_COLUMNS,
  DELETED_SUMMARY_EXPORT_COLUMNS,
  FIRST_VISIT_EXPORT_COLUMNS,
  leadDataExportColumns,
  MEMBER_EXPORT_COLUMNS,
  MEMBERS_STATUS_EXPORT_COLUMNS,
  PRIORITY_EXPORT_COLUMNS,
  priorityRowsOf,
  QUALITY_INDEX_EXPORT_COLUMNS,
  USAGE_EXPORT_COLUMNS,
} from "../../domain/exports/columns.ts";
import { exportFileName, type ExportName } from "../../domain/exports/fileName.ts";
import type { ExportColumn } from "../../domain/exports/csv.ts";
import { directoryFiltersOf } from "../../domain/recordings/directory.ts";
import { totalsOf, type MembersStatusQuery } from "../../domain/reports/membersStatus.ts";
import { qualityIndexLines } from "../../domain/reports/qualityIndex.ts";
import { membersCount, membersInIdOrder } from "../members/members.repository.ts";
import { memberOf } from "../members/memberAnswer.ts";
import { toCallRecording } from "../recordings/callRecordingAnswer.ts";
import { countRecordings, recordingsInBatches } from "../recordings/recordings.repository.ts";
import { deletedAppointmentOf, filtersOf as deletedFiltersOf } from "../reports/deletedAppointmentsAnswer.ts";
import { countDeletions, deletionsByGroup, deletionsByPractice, deletionsInBatches, memberIdsOf } from "../reports/deletedAppointments.repository.ts";
import { leadDataReport } from "../reports/leadDataReport.ts";
import { originFilterOf } from "../reports/newPatientOriginFilter.ts";
import { countFirstVisits, firstVisitsInBatches } from "../reports/newPatientOrigin.repository.ts";
import { membersStatusRows } from "../reports/membersStatus.repository.ts";
import { priorityStatusRows } from "../reports/priorityStatus.repository.ts";
import { qualityIndexReport } from "../reports/qualityIndexReport.ts";
import { usageQueryOf } from "../usage/usageQuery.ts";
import { usageReport } from "../usage/usageReport.repository.ts";
import { oneBatch, sendCsv } from "./csvReply.ts";
import type { Services } from "../services.ts";
import { checkRegionField } from "../http/regionParams.ts";

const fileName = (services: Services, report: Parameters<typeof exportFileName>[0]) =>
  exportFileName(report, services.now(), services.config.reportTimeZone);

/**
 * A report's rows of counts, read whole, as a CSV of one batch; the export is audited as one read
 * under its operation's name (it names no members: exports whose rows name patients go in batches).
 */
async function sendReportCsv<TRow>(
  call: Pick<Call<"exportUsageReport">, "caller" | "request" | "reply" | "services">,
  action: string,
  { report, columns, rows }: { report: ExportName; columns: readonly ExportColumn<TRow>[]; rows: readonly TRow[] },
) {
  await audit(call.services.db, { userId: callerOf(call).user.id, action, memberIds: [], address: call.request.ip });
  return sendCsv(call.reply, { fileName: fileName(call.services, report), columns, rowCount: rows.length, batches: oneBatch(rows) });
}

export const exportsHandlers: Handlers = {
  async exportMembers(call) {
    const { query, services } = call;
    const userId = callerOf(call).user.id;
    const address = call.request.ip;
    const filters = { ...query, ...(await campaignListFilter(services.db, query)) };
    // Each batch is audited as it is read, as each page of the list is: who read which members.
    async function* audited() {
      for await (const rows of membersInIdOrder(services.reads().db, filters, EXPORT_BATCH_ROWS)) {
        await audit(services.db, { userId, action: "exportMembers", memberIds: rows.map((row) => row.id), address });
        yield rows.map(memberOf);
      }
    }
    const rowCount = await membersCount(services.reads().db, filters);
    return sendCsv(call.reply, { fileName: fileName(services, "Members"), columns: MEMBER_EXPORT_COLUMNS, rowCount, batches: audited() });
  },

  async exportMembersStatusReport(call) {
    const { query, services } = call;
    const filters = services.decodeJson<MembersStatusQuery>(query.params, "MembersStatusReportQuery", "params");
    await checkRegionField(services.db, "params.region", filters.region);
    const rows = await membersStatusRows(services.reads().db, filters);
    const lines = rows.length > 0 ? [...rows, { practice: "Total", ...totalsOf(rows) }] : [];
    return sendReportCsv(call, "exportMembersStatusReport", { report: "MembersStatusReport", columns: MEMBERS_STATUS_EXPORT_COLUMNS, rows: lines });
  },

  async exportPriorityStatusReport(call) {
    const { query, services } = call;
    const rows = priorityRowsOf(await priorityStatusRows(services.reads().db), query.region, query.practice);
    return sendReportCsv(call, "exportPriorityStatusReport", { report: "PriorityStatus", columns: PRIORITY_EXPORT_COLUMNS, rows });
  },

  async exportLeadDataReport(call) {
    const { periods, leadsEntered } = await leadDataReport(call.services, call.body);
    return sendReportCsv(call, "exportLeadDataReport", { report: "LeadData", columns: leadDataExportColumns(periods), rows: leadsEntered });
  },

  async exportUsageReport(call) {
    const { services } = call;
    const rows = await usageReport(services.reads().db, usageQueryOf(services, call.path.params), services.config.reportTimeZone);
    return sendReportCsv(call, "exportUsageReport", { report: "Usage", columns: USAGE_EXPORT_COLUMNS, rows });
  },

  async exportDeletedAppointmentsByGroup(call) {
    const { services } = call;
    const rows = await deletionsByGroup(services.reads().db, deletedFiltersOf(call.query, services));
    return sendReportCsv(call, "exportDeletedAppointmentsByGroup", { report: "DeletedAppointmentsByGroup", columns: DELETED_BY_GROUP_EXPORT_COLUMNS, rows });
  },

  async exportDeletedAppointmentsSummary(call) {
    const { services } = call;
    const rows = await deletionsByPractice(services.reads().db, deletedFiltersOf(call.query, services));
    return sendReportCsv(call, "exportDeletedAppointmentsSummary", { report: "DeletedAppointmentsSummary", columns: DELETED_SUMMARY_EXPORT_COLUMNS, rows });
  },

  async exportDeletedAppointmentsDetails(call) {
    const { services } = call;
    const filters = deletedFiltersOf(call.query, services);
    const userId = callerOf(call).user.id;
    const address = call.request.ip;
    // Each batch is audited as it is read, as each page of the view is: it names patients.
    async function* audited() {
      for await (const rows of deletionsInBatches(services.reads().db, filters, EXPORT_BATCH_ROWS)) {
        await audit(services.db, { userId, action: "exportDeletedAppointmentsDetails", memberIds: await memberIdsOf(services.db, rows), address });
        yield rows.map(deletedAppointmentOf);
      }
    }
    const rowCount = await countDeletions(services.reads().db, filters);
    return sendCsv(call.reply, { fileName: fileName(services, "DeletedAppointmentsDetails"), columns: DELETED_DETAILS_EXPORT_COLUMNS, rowCount, batches: audited() });
  },

  async exportCallDirectoryList(call) {
    const { services } = call;
    const filters = directoryFiltersOf(call.query);
    const rowCount = await countRecordings(services.reads().db, filters);
    await audit(services.db, { userId: callerOf(call).user.id, action: "exportCallDirectoryList", memberIds: [], address: call.request.ip });
    async function* recordings() {
      for await (const rows of recordingsInBatches(services.reads().db, filters, EXPORT_BATCH_ROWS)) yield rows.map(toCallRecording);
    }
    return sendCsv(call.reply, { fileName: fileName(services, "CallRecordings"), columns: CALL_RECORDING_EXPORT_COLUMNS, rowCount, batches: recordings() });
  },

  async exportQualityIndexReport(call) {
    const lines = qualityIndexLines(await qualityIndexReport(call.services, call.body));
    return sendReportCsv(call, "exportQualityIndexReport", { report: "QualityIndex", columns: QUALITY_INDEX_EXPORT_COLUMNS, rows: lines });
  },

  async exportNewPatientOriginReport(call) {
    const { services } = call;
    const filter = originFilterOf(services, call.query.params);
    const userId = callerOf(call).user.id;
    const address = call.request.ip;
    // Each batch is audited as it is read: its rows name patients.
    async function* audited() {
      for await (const rows of firstVisitsInBatches(services.reads().db, filter, EXPORT_BATCH_ROWS)) {
        await audit(services.db, { userId, action: "exportNewPatientOriginReport", memberIds: [...new Set(rows.map((row) => row.memberId))], address });
        yield rows;
      }
    }
    const rowCount = await countFirstVisits(services.reads().db, filter);
    return sendCsv(call.reply, { fileName: fileName(services, "NewPatientOrigin"), columns: FIRST_VISIT_EXPORT_COLUMNS, rowCount, batches: audited() });
  },
};
