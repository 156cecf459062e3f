// The live board's effects from the API client: the board (GET /board), an agent's day
// (GET /board/agents/{userId}/results) and the event stream reading the agents' rows. The browser's
// full screen is src/app's.
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import { createLiveEventsActors } from "../liveEvents/liveEvents.actors";
import { liveEventsMachine } from "../liveEvents/liveEvents.machine";
import { agentDayMachine, type AgentDay } from "./agentDay.machine";
import type { LiveBoard } from "./liveBoard.rows";

export function createLiveBoardActors(api: ApiClient, baseUrl: string) {
  return {
    loadBoard: fromApiCall<LiveBoard>((_, signal) => unwrap(api.GET("/board", { signal }))),
    liveEvents: liveEventsMachine.provide({ actors: createLiveEventsActors(api, baseUrl, ["agent"]) }),
    agentDay: agentDayMachine.provide({
      actors: {
        loadAgentDay: fromApiCall<AgentDay, { userId: number }>(({ userId }, signal) =>
          unwrap(api.GET("/board/agents/{userId}/results", { params: { path: { userId } }, signal })),
        ),
      },
    }),
  };
}
