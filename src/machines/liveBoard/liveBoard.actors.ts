// The live board's effects from the API client: the board (GET /board, narrowed to a campaign's
// agents or not), the campaigns it can be narrowed to (GET /campaigns), an agent's day
// (GET /board/agents/{userId}/results) and the event stream reading the agents' rows and the
// campaigns' changes. The browser's full screen is src/app's.
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import { createLiveEventsActors } from "../liveEvents/liveEvents.actors";
import { liveEventsMachine } from "../liveEvents/liveEvents.machine";
import { agentDayMachine, type AgentDay } from "./agentDay.machine";
import type { BoardCampaignChoice, LiveBoard } from "./liveBoard.rows";

export function createLiveBoardActors(api: ApiClient, baseUrl: string) {
  return {
    loadBoard: fromApiCall<LiveBoard, { campaign: number | null }>(({ campaign }, signal) =>
      unwrap(api.GET("/board", { params: { query: campaign === null ? {} : { campaign } }, signal })),
    ),
    loadCampaigns: fromApiCall<BoardCampaignChoice[]>(async (_, signal) =>
      (await unwrap(api.GET("/campaigns", { signal }))).map(({ id, name, agents, position }) => ({ id, name, agents, position })),
    ),
    liveEvents: liveEventsMachine.provide({ actors: createLiveEventsActors(api, baseUrl, ["agent", "campaign"]) }),
    agentDay: agentDayMachine.provide({
      actors: {
        loadAgentDay: fromApiCall<AgentDay, { userId: number }>(({ userId }, signal) =>
          unwrap(api.GET("/board/agents/{userId}/results", { params: { path: { userId } }, signal })),
        ),
      },
    }),
  };
}
