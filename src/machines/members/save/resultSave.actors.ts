// The result save's call (openapi.yaml saveResult). A 409 is an outcome, not a failure: the result
// someone else saved, for the agent to choose.
import type { ApiClient } from "../../../api/client";
import { dataOrConflict } from "../../../api/conflict";
import { fromApiCall } from "../../../api/fromApiCall";
import type { SaveResultOutcome, SaveResultRequest } from "./resultSave.machine";

export function createResultSaveActors(api: ApiClient) {
  return {
    saveResult: fromApiCall(async (body: SaveResultRequest, signal): Promise<SaveResultOutcome> => {
      const answer = await dataOrConflict(api.POST("/Members/saveResult", { body, signal }), "current");
      return "data" in answer ? { version: answer.data.version } : { conflict: answer.conflict };
    }),
  };
}
