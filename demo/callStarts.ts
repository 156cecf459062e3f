// Calls agents started from members' phone links before saving a result: most saved results
// follow a call started a few seconds to a minute before, some were logged after a call dialled by
// hand (no call start), and some calls started ended without a result saved.
// Drawn from a Faker of its own, so the rest of the world does not change with these rules.
import { Faker, en } from "@faker-js/faker";
import type { CallStartRecord, ResultRecord } from "./records.ts";

/** Of the saved results, the share whose call was started from the phone link. */
const SHARE_STARTED_FROM_LINK = 0.75;
/** Calls started that ended without a result, per result saved. */
const UNRESOLVED_PER_RESULT = 0.12;

export function buildCallStarts(seed: number, results: readonly ResultRecord[]): CallStartRecord[] {
  const faker = new Faker({ locale: [en] });
  faker.seed(seed);
  const drafts: Omit<CallStartRecord, "id">[] = [];
  for (const result of results) {
    const savedAt = Date.parse(result.createdAt);
    if (faker.datatype.boolean({ probability: SHARE_STARTED_FROM_LINK })) {
      drafts.push({ memberId: result.memberId, userId: result.userId, startedAt: new Date(savedAt - faker.number.int({ min: 5, max: 60 }) * 1000).toISOString() });
    }
    if (faker.datatype.boolean({ probability: UNRESOLVED_PER_RESULT })) {
      // Another try of the same member by the same agent, earlier, that reached nobody worth a result.
      drafts.push({ memberId: result.memberId, userId: result.userId, startedAt: new Date(savedAt - faker.number.int({ min: 2, max: 90 }) * 60_000).toISOString() });
    }
  }
  return drafts.sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt)).map((draft, index) => ({ id: index + 1, ...draft }));
}
