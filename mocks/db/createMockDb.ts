// The fake backend's database: a deterministic, seeded picture of a dental practice group.
// The mock-backend issue extends it (notes, results, leads, reports…); the shape stays: one factory,
// a seed and a size, plain arrays of contract types.
import { Faker, en, en_US } from "@faker-js/faker";
import type { components } from "../../src/api/schema";
import { buildMembers } from "./members";
import { buildPractices, buildRegions } from "./practices";
import { MOCK_REFERENCE_DATE } from "./reference";
import { buildUsers } from "./users";

type Schemas = components["schemas"];
export type Member = Schemas["Member"];
export type Practice = Schemas["Practice"];
export type RegionInfo = Schemas["RegionInfo"];
export type User = Schemas["User"];

export interface MockDbOptions {
  /** Same seed, same database. */
  seed?: number;
  /** Number of members (5,000 by default; up to 200,000 for performance work). */
  size?: number;
}

export interface MockDb {
  referenceDate: Date;
  regions: RegionInfo[];
  practices: Practice[];
  users: User[];
  members: Member[];
}

export const DEFAULT_MOCK_SEED = 20261116;
export const DEFAULT_MOCK_SIZE = 5000;

export function createMockDb({ seed = DEFAULT_MOCK_SEED, size = DEFAULT_MOCK_SIZE }: MockDbOptions = {}): MockDb {
  // An own Faker instance: two databases built in one process never disturb each other's sequence.
  const faker = new Faker({ locale: [en_US, en] });
  faker.seed(seed);
  faker.setDefaultRefDate(MOCK_REFERENCE_DATE);

  const practices = buildPractices(faker);
  return {
    referenceDate: MOCK_REFERENCE_DATE,
    regions: buildRegions(practices),
    practices,
    users: buildUsers(faker, practices),
    members: buildMembers(faker, practices, size),
  };
}
