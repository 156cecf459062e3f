// The members list's calls: its filter options (the user's practices, the dentists, the user's
// saved setup) and its pages. The saved filters (URL query, cookie) and the live event stream are
// the browser's and the stream's, provided by src/app.
import { unwrap, type ApiClient } from "../../../api/client";
import { fromApiCall } from "../../../api/fromApiCall";
import { fetchUserPractices, fetchUserSetup } from "../../../api/userCalls";
import { SETUP_APP_ID } from "../../setDefault/setDefault.machine";
import type { MembersQuery } from "../members.query";

export function createListActors(api: ApiClient) {
  return {
    loadOptions: fromApiCall(async (input: { userId: number }, signal) => {
      const [practices, dentists, setup] = await Promise.all([
        fetchUserPractices(api, input.userId, signal),
        unwrap(api.GET("/Members/getDentistList", { signal })),
        fetchUserSetup(api, { userId: input.userId, appId: SETUP_APP_ID }, signal),
      ]);
      return { practices, dentists, setup };
    }),
    loadMembers: fromApiCall((query: MembersQuery, signal) => unwrap(api.GET("/Members/getMembersTableData", { params: { query }, signal }))),
  };
}
