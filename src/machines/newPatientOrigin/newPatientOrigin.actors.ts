// New Patient Origin's calls: the practices of the filter and the report (openapi.yaml
// GET /report/practicesList, GET /report/new-patient-origin).
import { jsonParam, unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import { reportPracticesActor } from "../report/report.actors";
import type { NewPatientOriginQuery } from "./newPatientOrigin.machine";

export function createNewPatientOriginActors(api: ApiClient) {
  return {
    loadPractices: reportPracticesActor(api),
    loadReport: fromApiCall((query: NewPatientOriginQuery, signal) =>
      unwrap(api.GET("/report/new-patient-origin", { params: { query: { params: jsonParam(query) } }, signal })),
    ),
  };
}
