// The export's effect: the CSV streamed through the API client (its bearer token and session
// handling), read chunk by chunk. The chunks are kept as they came and become a Blob at the end,
// never one JavaScript string; progress counts the CRLF that ends each record (a note's own line
// breaks are a lone LF) against the rows the server announced.
import { fromCallback } from "xstate";
import { jsonParam, unwrap, type ApiClient } from "../../api/client";
import { toFailure } from "../../api/errors";
import { attachmentName } from "../../lib/attachmentName";
import { EXPORT_ROW_COUNT_HEADER } from "../../../domain/exports/protocol.ts";
import { qualityIndexPeriods } from "../../../domain/reports/qualityIndex.ts";
import { usageParams } from "../usageReport/usageReport.actors";
import type { ExportEvent, ExportRequest } from "./export.machine";

const CR = 13;
const LF = 10;

function call(api: ApiClient, request: ExportRequest, signal: AbortSignal) {
  const options = { parseAs: "stream" as const, signal };
  switch (request.report) {
    case "members":
      return api.GET("/Members/export", { ...options, params: { query: request.query } });
    case "membersStatus":
      return api.GET("/Members/members-status-report/export", { ...options, params: { query: request.query } });
    case "priorityStatus":
      return api.GET("/report/priority-status-report/export", { ...options, params: { query: request.query } });
    case "leadData":
      return api.POST("/report/lead-data-report/export", { ...options, body: request.body });
    case "deletedByGroup":
      return api.GET("/deleted-appointments/bygroup/export", { ...options, params: { query: request.query } });
    case "deletedSummary":
      return api.GET("/deleted-appointments/summary/export", { ...options, params: { query: request.query } });
    case "deletedDetails":
      return api.GET("/deleted-appointments/details/export", { ...options, params: { query: request.query } });
    case "callRecordings":
      return api.GET("/call-recordings/directoryList/export", { ...options, params: { query: request.query } });
    case "qualityIndex":
      return api.POST("/report/quality-index-report/export", { ...options, body: qualityIndexPeriods(new Date()) });
    case "newPatientOrigin":
      return api.GET("/report/new-patient-origin/export", { ...options, params: { query: { params: jsonParam(request.query) } } });
    case "campaignDays":
      return api.GET("/campaign-progress/{id}/days/export", { ...options, params: { path: { id: request.id } } });
    case "usage":
      return api.GET("/report/usage/{params}/export", { ...options, params: { path: { params: usageParams(request.query) } } });
  }
}

export function createExportActors(api: ApiClient) {
  return {
    streamExport: fromCallback<ExportEvent, ExportRequest>(({ input, sendBack }) => {
      const controller = new AbortController();
      void (async () => {
        const answer = await call(api, input, controller.signal);
        const body = await unwrap(Promise.resolve({ ...answer, data: answer.data ?? undefined }));
        if (!body) throw new Error("The export answered without a body.");
        const { response } = answer;
        const total = Number(response.headers.get(EXPORT_ROW_COUNT_HEADER) ?? Number.NaN);
        const parts: BlobPart[] = [];
        let lineEnds = 0;
        let lastByte = 0;
        const reader = body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parts.push(value as Uint8Array<ArrayBuffer>);
          for (let i = 0; i < value.length; i += 1) if (value[i] === LF && (i > 0 ? value[i - 1] : lastByte) === CR) lineEnds += 1;
          lastByte = value[value.length - 1] ?? lastByte;
          sendBack({ type: "export.progress", rows: Math.max(0, lineEnds - 1), total: Number.isFinite(total) ? total : null });
        }
        const fileName = attachmentName(response.headers.get("content-disposition"), "export.csv");
        sendBack({ type: "export.received", file: { fileName, parts, rows: Math.max(0, lineEnds - 1) } });
      })().catch((error: unknown) => {
        if (!controller.signal.aborted) sendBack({ type: "export.failed", failure: toFailure(error, "The export failed.") });
      });
      return () => controller.abort();
    }),
  };
}
