// Health and the user's own setup (tag setup).
import { HttpResponse } from "msw";
import { createApi } from "../api";
import type { MockDb } from "../db/createMockDb";

export function setupHandlers(db: MockDb) {
  const api = createApi(db);
  return [api.get("/health", () => HttpResponse.json({ status: "ok" as const }))];
}
