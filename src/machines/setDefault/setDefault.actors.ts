// The Set Default dialog's calls: the user's practices, their saved setup records, and saving one
// record (openapi.yaml GET /Members/practicesList/{id}, GET and POST /userSetup).
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import { fetchUserPractices, fetchUserSetup } from "../../api/userCalls";
import { SETUP_APP_ID, type SetupRecord } from "./setDefault.machine";

export function createSetDefaultActors(api: ApiClient) {
  return {
    loadPractices: fromApiCall((input: { userId: number }, signal) => fetchUserPractices(api, input.userId, signal)),
    loadSetup: fromApiCall((input: { userId: number }, signal) =>
      fetchUserSetup(api, { userId: input.userId, appId: SETUP_APP_ID }, signal),
    ),
    saveSetupRecord: fromApiCall(async (body: SetupRecord, signal) => {
      await unwrap(api.POST("/userSetup", { body, signal }));
    }),
  };
}
