// Planned treatment per practice: some of each practice's patients wait for treatment at one
// priority, P1 (most urgent) to P4; urgent work is the rarest.
import type { Faker } from "@faker-js/faker";
import type { MemberRecord, TreatmentPriorityRecord } from "../records.ts";

const PLANNED_TREATMENT_SHARE = 0.2;
const PRIORITY_WEIGHTS: { value: TreatmentPriorityRecord["priority"]; weight: number }[] = [
  { value: "P1", weight: 10 },
  { value: "P2", weight: 25 },
  { value: "P3", weight: 35 },
  { value: "P4", weight: 30 },
];

export function buildPriorities(faker: Faker, members: MemberRecord[]): TreatmentPriorityRecord[] {
  const priorities: TreatmentPriorityRecord[] = [];
  for (const member of members) {
    if (!member.PatNum || !faker.datatype.boolean({ probability: PLANNED_TREATMENT_SHARE })) continue;
    priorities.push({
      id: priorities.length + 1,
      practiceId: member.practiceId,
      patNum: member.PatNum,
      priority: faker.helpers.weightedArrayElement(PRIORITY_WEIGHTS),
    });
  }
  return priorities;
}
