import type { Faker } from "@faker-js/faker";
import type { World } from "./createMockDb";
import type { CronRecord, OpenIssueRecord } from "./records";

/** Scheduled jobs with their run logs (filled in by the mock-backend issue). */
export function buildCrons(_faker: Faker, _world: World): CronRecord[] {
  return [];
}

/** Downtime of the applications (filled in by the mock-backend issue). */
export function buildOpenIssues(_faker: Faker, _world: World): OpenIssueRecord[] {
  return [];
}
