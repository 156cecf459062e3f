// First visits of new patients over the last 24 months, each a member of the practice (its PatNum)
// with where the patient came from: the new patient origin report counts them by that origin.
import type { Faker } from "@faker-js/faker";
import { LEAD_SOURCES } from "./leads.ts";
import type { FirstVisitRecord, MemberRecord } from "../records.ts";
import { zonedDaysAround } from "../time/zonedDays.ts";

const FIRST_VISIT_DAYS = 730;
/** About a quarter of the listed members became patients of their practice in that time. */
const NEW_PATIENT_SHARE = 0.25;

export function buildFirstVisits(faker: Faker, members: MemberRecord[], today: Date): FirstVisitRecord[] {
  const days = zonedDaysAround(today, FIRST_VISIT_DAYS - 1);
  const visits: FirstVisitRecord[] = [];
  for (const member of members) {
    if (!member.PatNum || !faker.datatype.boolean({ probability: NEW_PATIENT_SHARE })) continue;
    visits.push({
      id: visits.length + 1,
      memberId: member.id,
      practiceId: member.practiceId,
      patNum: member.PatNum,
      firstVisitDate: faker.helpers.arrayElement(days).date,
      origin: faker.helpers.weightedArrayElement(LEAD_SOURCES),
      result: member.Result,
    });
  }
  return visits;
}
