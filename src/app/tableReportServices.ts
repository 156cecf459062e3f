// The table reports' effects (issue 6: Priority Status, Members Status, Lead Data, Deleted
// Appointments), composed by services.ts: each screen's load call, the Send Report call and the
// CSV download. Kept beside services.ts so that file stays one page per concern.
import type { ActorRefFrom } from "xstate";
import { unwrap, jsonParam, type ApiClient } from "../api/client";
import type { ApiFailure } from "../api/errors";
import { downloadMachine } from "../machines/download/download.machine";
import { saveFile } from "./saveFile";
import {
  deletedQuery,
  initialDeletedFilters,
  type DeletedData,
  type DeletedDetails,
  type DeletedFilters,
  type DeletedGroupRow,
  type DeletedSummaryRow,
} from "../machines/deletedAppointments/deletedAppointments";
import { leadDataReportMachine, type LeadPeriodsRequest, type LeadRangeRequest } from "../machines/leadDataReport/leadDataReport.machine";
import type { MembersStatusData, MembersStatusFilters } from "../machines/membersStatusReport/membersStatusReport";
import { membersStatusSendMachine } from "../machines/membersStatusReport/membersStatusSend.machine";
import type { MembersStatusRow } from "../machines/membersStatusReport/membersStatusReport";
import type { PriorityData, PriorityFilters } from "../machines/priorityStatusReport/priorityStatus";
import type { reportMachine, ReportFilters } from "../machines/report/report.machine";
import type { authMachine } from "../machines/auth/auth.machine";
import type { shellMachine } from "../machines/shell/shell.machine";
import { fromApiCall } from "./fromApiCall";

interface TableReportDeps {
  api: ApiClient;
  shell: ActorRefFrom<typeof shellMachine>;
  auth: ActorRefFrom<typeof authMachine>;
  provideReport: <TFilters extends ReportFilters, TData>(
    load: (filters: TFilters, signal: AbortSignal) => Promise<TData>,
  ) => typeof reportMachine;
}

export function createTableReportServices({ api, shell, auth, provideReport }: TableReportDeps) {
  const effects = {
    showLoader: () => shell.send({ type: "loader.show" }),
    hideLoader: () => shell.send({ type: "loader.hide" }),
    reportFailure: (_: unknown, { failure }: { failure: ApiFailure }) => auth.send({ type: "auth.failure", failure }),
  };

  /** The report filters' choices (openapi.yaml GET /report/regionsList, /report/practicesList). */
  async function filterLists(signal: AbortSignal) {
    const [{ regionList }, { practicesList }] = await Promise.all([
      unwrap(api.GET("/report/regionsList", { signal })),
      unwrap(api.GET("/report/practicesList", { signal })),
    ]);
    return { regions: regionList, practices: practicesList };
  }

  function deletedView<TResult>(call: (filters: DeletedFilters, signal: AbortSignal) => Promise<TResult>) {
    return provideReport<DeletedFilters, DeletedData<TResult>>(async (filters, signal) => {
      const [result, lists] = await Promise.all([call(filters, signal), filterLists(signal)]);
      return { result, ...lists };
    });
  }

  return {
    priorityStatus: provideReport<PriorityFilters, PriorityData>(async (_filters, signal) => {
      const [rows, lists] = await Promise.all([unwrap(api.GET("/report/priority-status-report", { signal })), filterLists(signal)]);
      return { rows, ...lists };
    }),

    membersStatus: provideReport<MembersStatusFilters, MembersStatusData>(async ({ brand, region, practice, mco, result }, signal) => {
      const query = { brand, region, practice, mco, result };
      const [report, lists] = await Promise.all([
        unwrap(api.GET("/Members/members-status-report", { params: { query: { params: jsonParam(query) } }, signal })),
        filterLists(signal),
      ]);
      return { ...report, ...lists };
    }),

    membersStatusSend: membersStatusSendMachine.provide({
      actors: {
        sendReport: fromApiCall(async (rows: MembersStatusRow[], signal) => {
          const { message } = await unwrap(api.POST("/report/sendMembersReport", { body: { data: JSON.stringify(rows) }, signal }));
          return message;
        }),
      },
      actions: effects,
    }),

    leadData: leadDataReportMachine.provide({
      actors: {
        loadPeriods: fromApiCall(async (body: LeadPeriodsRequest, signal) => {
          const [report, { practices }] = await Promise.all([
            unwrap(api.POST("/report/lead-data-report", { body, signal })),
            filterLists(signal),
          ]);
          return { report, practices };
        }),
        loadRange: fromApiCall((body: LeadRangeRequest, signal) => unwrap(api.POST("/report/lead-data-report", { body, signal }))),
      },
      actions: effects,
    }),

    deletedByGroup: deletedView<DeletedGroupRow[]>((filters, signal) =>
      unwrap(api.GET("/deleted-appointments/bygroup", { params: { query: deletedQuery(filters) }, signal })),
    ),
    deletedSummary: deletedView<DeletedSummaryRow[]>((filters, signal) =>
      unwrap(api.GET("/deleted-appointments/summary", { params: { query: deletedQuery(filters) }, signal })),
    ),
    deletedDetails: deletedView<DeletedDetails>((filters, signal) =>
      unwrap(
        api.GET("/deleted-appointments/details", {
          params: { query: { ...deletedQuery(filters), pageNum: filters.pageNum, pageSize: filters.pageSize } },
          signal,
        }),
      ),
    ),

    /** The screens' opening inputs: the periods and default ranges start from the moment a screen opens. */
    leadDataInput: () => ({ now: Date.now() }),
    deletedInput: () => ({ filters: initialDeletedFilters(Date.now()) }),

    download: downloadMachine.provide({ actions: { saveFile: (_, file) => saveFile(file) } }),
  };
}
