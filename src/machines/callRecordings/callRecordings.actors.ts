// Call Recordings' calls: the campaigns, a page of the directory, one recording's signed link, and
// the live stream reading the `recordings` events.
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import { createLiveEventsActors } from "../liveEvents/liveEvents.actors";
import { liveEventsMachine } from "../liveEvents/liveEvents.machine";
import type { DirectoryQuery } from "./callRecordings.machine";

export function createCallRecordingsActors(api: ApiClient, baseUrl: string) {
  return {
    liveEvents: liveEventsMachine.provide({ actors: createLiveEventsActors(api, baseUrl, ["recordings"]) }),
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
