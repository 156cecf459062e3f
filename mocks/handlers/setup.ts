import { HttpResponse } from "msw";
import type { MockDb } from "../db/createMockDb";
import { api } from "../http";

export function setupHandlers(_db: MockDb) {
  return [api.get("/health", () => HttpResponse.json({ status: "ok" as const }))];
}
