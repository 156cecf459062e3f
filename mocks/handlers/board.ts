// The supervisor's live board (tag board) in the fake backend: the board now, and an agent's day.
// Administrators only: the wrapper answers 403 to other staff (`x-admin-only`).
import { HttpResponse } from "msw";
import { HttpError } from "../../contract/errors.ts";
import { checkCampaignFilter } from "../campaigns/campaignFilter";
import { createApi } from "../api";
import type { MockDb } from "../db/createMockDb";
import { agentDay, liveBoard } from "../board/board";

export function boardHandlers(db: MockDb) {
  const api = createApi(db);

  return [
    api.get("/board", ({ query }) => {
      checkCampaignFilter(db, query.campaign);
      return HttpResponse.json(liveBoard(db, query.campaign));
    }),

    api.get("/board/agents/{userId}/results", ({ path, query }) => {
      const user = db.users.find((candidate) => candidate.id === path.userId);
      if (!user) throw new HttpError(404, "No such user");
      return HttpResponse.json(agentDay(db, user, query.day));
    }),
  ];
}
