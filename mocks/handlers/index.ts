// Every handler of the fake backend, grouped by the contract's tags. The browser worker, node tests
// and the contract host compose the same list.
import type { MockDb } from "../db/createMockDb";
import { authHandlers } from "./auth";
import { setupHandlers } from "./setup";

export function createHandlers(db: MockDb) {
  return [...authHandlers(db), ...setupHandlers(db)];
}
