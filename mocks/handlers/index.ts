// Every handler of the fake backend, grouped by the contract's tags. The browser worker and node
// tests compose the same list.
import type { MockDb } from "../db/createMockDb";
import { setupHandlers } from "./setup";

export function createHandlers(db: MockDb) {
  return [...setupHandlers(db)];
}
