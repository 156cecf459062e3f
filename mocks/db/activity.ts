import type { Faker } from "@faker-js/faker";
import type { World } from "./createMockDb";
import type { NoteRecord, ResultRecord } from "./records";

/** Notes and result history of the members (filled in by the mock-backend issue). */
export function buildActivity(_faker: Faker, _world: World): { notes: NoteRecord[]; results: ResultRecord[] } {
  return { notes: [], results: [] };
}
