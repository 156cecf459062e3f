// Page visits of the seeded staff over the last 60 days, as the client reports them 3 s after each
// navigation: agents live in the members lists, administrators read reports and usage too.
import type { Faker } from "@faker-js/faker";
import { pagesFor } from "../../domain/setup/appPages.ts";
import type { PageVisitRecord, World } from "../records.ts";
import { openHours, zonedDaysAround } from "../time/zonedDays.ts";

const VISIT_DAYS = 60;
const FIRST_HOUR = 7;
const LAST_HOUR = 19;

/** How much more often a page is visited than a report (weight 1). */
const PAGE_WEIGHTS: Record<string, number> = {
  "/members/all": 12,
  "/members/smile-magic": 5,
  "/members/family-smiles": 5,
  "/dashboard": 6,
  "/call-recordings": 3,
};

/** The members list is visited with its filters in the query now and then. */
const MEMBER_QUERIES = ["", "", "", "?status=New%20Patient", "?brand=mcna", "?status=Recare%20No%20Future%20Appointment&brand=denta"];

export function buildPageVisits(faker: Faker, { users, today }: World): PageVisitRecord[] {
  const days = zonedDaysAround(today, VISIT_DAYS - 1);
  const visits: PageVisitRecord[] = [];
  for (const user of users) {
    const pages = pagesFor(user).map((page) => ({ value: page.path, weight: PAGE_WEIGHTS[page.path] ?? 1 }));
    for (const day of days) {
      const hours = openHours(day, FIRST_HOUR, LAST_HOUR, today.getTime());
      if (day.weekday === 0 || day.weekday === 6 || faker.datatype.boolean({ probability: 0.15 })) continue;
      const times = Array.from({ length: faker.number.int({ min: 2, max: 9 }) }, () => faker.number.int({ min: hours.from, max: hours.to - 1 }));
      for (const drawn of times.sort((a, b) => a - b)) {
        const path = faker.helpers.weightedArrayElement(pages);
        const visitedUrl = path.startsWith("/members/") ? path + faker.helpers.arrayElement(MEMBER_QUERIES) : path;
        const token = faker.string.uuid();
        const time = hours.place(drawn);
        // null: today's visit before the window opens (drawn all the same, so no later draw shifts)
        if (time === null) continue;
        visits.push({ id: visits.length + 1, userId: user.id, visitedUrl, defualtPracticeId: user.defaultLocationId, accessedAt: new Date(time).toISOString(), token });
      }
    }
  }
  return visits;
}
