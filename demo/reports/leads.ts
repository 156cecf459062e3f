// Leads of the last 24 months: a few per practice per working day, fewer at weekends, each with
// its source, the furthest stage it reached and, once decided, whether it was won or lost and why.
// Recent leads are mostly still open; old ones are mostly decided, as in a real pipeline.
import type { Faker } from "@faker-js/faker";
import type { components } from "../../contract/schema";
import type { LeadStage } from "../../domain/reports/qualityIndex.ts";
import type { LeadRecord } from "../records.ts";
import { DAY_MS, openHours, toIsoInstant, zonedDaysAround } from "../time/zonedDays.ts";

type Practice = components["schemas"]["Practice"];

const LEAD_SOURCES = [
  { value: "Call Center", weight: 25 },
  { value: "Website", weight: 18 },
  { value: "Google", weight: 17 },
  { value: "Facebook", weight: 12 },
  { value: "Referral", weight: 13 },
  { value: "Walk-in", weight: 8 },
  { value: "Insurance List", weight: 7 },
];

const OPEN_STAGES: { value: LeadStage; weight: number }[] = [
  { value: "Lead", weight: 40 },
  { value: "Contacted", weight: 30 },
  { value: "Appointment Set", weight: 20 },
  { value: "Visited", weight: 10 },
];

const LOST_STAGES: { value: LeadStage; weight: number }[] = [
  { value: "Lead", weight: 35 },
  { value: "Contacted", weight: 35 },
  { value: "Appointment Set", weight: 20 },
  { value: "Visited", weight: 10 },
];

/** Why leads are lost; a lead never reached is mostly lost to "No answer". */
const LOST_REASONS = [
  { value: "No answer", weight: 10 },
  { value: "Not interested", weight: 25 },
  { value: "Chose another dentist", weight: 20 },
  { value: "Moved", weight: 10 },
  { value: "Insurance not accepted", weight: 15 },
  { value: "Wrong number", weight: 8 },
  { value: "Too far from the office", weight: 7 },
];

const LEAD_DAYS = 730;
const WON_SHARE = 0.38;
const LONGEST_DECISION_DAYS = 45;

function leadsOnDay(faker: Faker, weekday: number): number {
  if (weekday === 0) return faker.number.int({ min: 0, max: 1 });
  if (weekday === 6) return faker.number.int({ min: 0, max: 2 });
  return faker.number.int({ min: 1, max: 4 });
}

function openShare(ageDays: number): number {
  if (ageDays < 3) return 0.8;
  if (ageDays < 21) return 0.4;
  return 0.05;
}

/**
 * How a lead drawn at `drawnAt` (placed at `createdAt`) went, by the end of today: the same draws at
 * any hour; a lead closed today closed in the part of today that has passed.
 */
function decide(faker: Faker, drawnAt: number, createdAt: number, today: { start: number; end: number; now: number }): Pick<LeadRecord, "stage" | "outcome" | "lostReason" | "closedAt"> {
  const ageDays = (today.end - drawnAt) / DAY_MS;
  if (faker.datatype.boolean({ probability: openShare(ageDays) })) {
    return { stage: faker.helpers.weightedArrayElement(OPEN_STAGES), outcome: "open", lostReason: null, closedAt: null };
  }
  const drawnClose = faker.number.int({ min: drawnAt, max: Math.min(today.end - 1, drawnAt + LONGEST_DECISION_DAYS * DAY_MS) });
  const packed = today.start + Math.floor(((drawnClose - today.start) * (today.now - today.start)) / (today.end - today.start));
  const closedAt = toIsoInstant(drawnClose < today.start ? drawnClose : Math.max(createdAt, packed));
  if (faker.datatype.boolean({ probability: WON_SHARE })) return { stage: "Won", outcome: "won", lostReason: null, closedAt };
  const stage = faker.helpers.weightedArrayElement(LOST_STAGES);
  const lostReason =
    stage === "Lead" && faker.datatype.boolean({ probability: 0.6 }) ? "No answer" : faker.helpers.weightedArrayElement(LOST_REASONS);
  return { stage, outcome: "lost", lostReason, closedAt };
}

export function buildLeads(faker: Faker, practices: Practice[], today: Date): LeadRecord[] {
  const now = today.getTime();
  const days = zonedDaysAround(today, LEAD_DAYS, 1);
  const [start, end] = [days.at(-2)!.start, days.at(-1)!.start];
  const leads: LeadRecord[] = [];
  for (const day of days.slice(0, -1)) {
    const hours = openHours(day, 7, 20, now);
    for (const practice of practices) {
      for (let count = leadsOnDay(faker, day.weekday); count > 0; count -= 1) {
        const drawnAt = faker.number.int({ min: hours.from, max: hours.to - 1 });
        const createdAt = hours.place(drawnAt);
        const source = faker.helpers.weightedArrayElement(LEAD_SOURCES);
        const decided = decide(faker, drawnAt, createdAt ?? now, { start, end, now });
        // null: today's lead before the window opens (drawn all the same, so no later draw shifts)
        if (createdAt === null) continue;
        leads.push({ id: leads.length + 1, practiceId: practice.id, source, createdAt: toIsoInstant(createdAt), ...decided });
      }
    }
  }
  return leads;
}
