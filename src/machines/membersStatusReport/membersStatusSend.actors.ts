// Send Report's call: the rows on screen, mailed to the user (openapi.yaml POST /report/sendMembersReport).
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import type { MembersStatusRow } from "./membersStatusReport";

export function createMembersStatusSendActors(api: ApiClient) {
  return {
    sendReport: fromApiCall(async (rows: MembersStatusRow[], signal) => {
      const { message } = await unwrap(api.POST("/report/sendMembersReport", { body: { data: JSON.stringify(rows) }, signal }));
      return message;
    }),
  };
}
