// The priority status report (tag reports): the practice and region filters and column sorting
// are the screen's (openapi.yaml getPriorityStatusReport).
import type { Handlers } from "../handlers.ts";
import { priorityStatusRows } from "./priorityStatus.repository.ts";

export const priorityStatusHandlers: Handlers = {
  async getPriorityStatusReport({ services }) {
    return priorityStatusRows(services.reads().db);
  },
};
