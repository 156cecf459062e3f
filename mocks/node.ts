// The fake backend in node tests (msw/node): the same handlers as the browser worker.
import { setupServer } from "msw/node";
import { createMockDb, type MockDbOptions } from "./db/createMockDb";
import { createHandlers } from "./handlers";

export function createMockServer(options?: MockDbOptions) {
  const db = createMockDb(options);
  return { db, server: setupServer(...createHandlers(db)) };
}
