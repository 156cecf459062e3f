// Call Recordings' calls: the campaigns, a page of the directory, and one recording's signed link.
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import type { DirectoryQuery } from "./callRecordings.machine";

export function createCallRecordingsActors(api: ApiClient) {
  return {
    loadCampaigns: fromApiCall((_, signal) => unwrap(api.GET("/call-recordings/campaigns", { signal }))),
    loadDirectory: fromApiCall((query: DirectoryQuery, signal) =>
      unwrap(api.GET("/call-recordings/directoryList", { params: { query }, signal })),
    ),
    requestDownload: fromApiCall(async (query: { key: string; title: string }, signal) => {
      const { data } = await unwrap(api.GET("/call-recordings/downloadCallRecording", { params: { query }, signal }));
      return data;
    }),
  };
}
