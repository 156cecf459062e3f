// Callbacks the demo's agents have promised, so the work queue shows them at first sight: each agent
// owns a few, booked when they saved "Contact Made Call Back" for the member (its latest result):
// one overdue (past its grace period: anyone's now), one or two due later today, one or two next
// week, one of them moved once. Due times lie inside the calling window of the member's local day.
// Drawn from a Faker of its own, so the rest of the world does not change with these rules.
import { Faker, en } from "@faker-js/faker";
import { addDays, startOfZonedDay, zonedDate } from "../domain/calendar.ts";
import { DEFAULT_QUEUE_RULES } from "../domain/queue/rules.ts";
import { memberTimeZone } from "../domain/queue/timeZones.ts";
import { instantOfLocal, localTimeOf } from "../domain/queue/zonedTime.ts";
import { PRACTICE_TIME_ZONE } from "../domain/vocabulary.ts";
import type { CallbackChangeRecord, CallbackRecord, MemberRecord, ResultRecord, World } from "./records.ts";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const RULES = DEFAULT_QUEUE_RULES;
const NOTES = [
  "Mom asked to call back after school pickup.",
  "Dad works nights: call in the afternoon.",
  "Grandmother is the guardian, wants to check the calendar first.",
  "Asked for a Saturday slot, call with options.",
  "Wants to talk it over with her husband.",
  "",
];

/** Due times of an agent's callbacks around `now` in the member's zone: overdue, later today, next week. */
function dueTimes(now: number, zone: string): { overdue: number; today: number; nextWeek: number } {
  const { date, minutes } = localTimeOf(now, zone);
  const { opensAt, closesAt } = RULES.callingWindow;
  // Past its grace period: an hour and a half ago when that was inside today's window, else yesterday afternoon.
  const overdue = minutes - 90 >= opensAt && minutes - 90 < closesAt ? now - 90 * MINUTE_MS : instantOfLocal(addDays(date, -1), 16 * 60, zone);
  // Two hours from now while today's window lasts, else tomorrow mid-morning.
  const today = minutes + 120 >= opensAt && minutes + 120 < closesAt ? now + 2 * HOUR_MS : instantOfLocal(addDays(date, minutes + 120 < opensAt ? 0 : 1), 10 * 60, zone);
  return { overdue, today, nextWeek: instantOfLocal(addDays(date, 7), 14 * 60, zone) };
}

export function buildCallbacks(
  seed: number,
  world: Pick<World, "users" | "members" | "today"> & { practiceTimeZones: Record<number, string> },
  results: readonly ResultRecord[],
): { callbacks: CallbackRecord[]; callbackChanges: CallbackChangeRecord[] } {
  const faker = new Faker({ locale: [en] });
  faker.seed(seed);
  const now = world.today.getTime();
  // Which promises are kept counts from the start of the day, so that they are the same at any hour.
  const startOfToday = startOfZonedDay(zonedDate(world.today));
  const latest = new Map<number, ResultRecord>();
  for (const result of results) latest.set(result.memberId, result);
  const byId = new Map(world.members.map((member) => [member.id, member]));
  const callbacks: CallbackRecord[] = [];
  const callbackChanges: CallbackChangeRecord[] = [];
  const book = (member: MemberRecord, ownerId: number, bookedAt: number, dueAt: number, movedFrom?: number) => {
    const id = callbacks.length + 1;
    callbacks.push({
      id,
      memberId: member.id,
      ownerId,
      bookedBy: ownerId,
      bookedAt: new Date(bookedAt).toISOString(),
      dueAt: new Date(dueAt).toISOString(),
      ownerUntil: new Date(dueAt + RULES.callbackGraceMs).toISOString(),
      note: faker.helpers.arrayElement(NOTES),
      status: "open",
      version: movedFrom === undefined ? 1 : 2,
    });
    const change = (kind: "booked" | "moved", at: number, due: number) =>
      callbackChanges.push({ id: callbackChanges.length + 1, callbackId: id, memberId: member.id, userId: ownerId, change: kind, dueAt: new Date(due).toISOString(), at: new Date(at).toISOString() });
    change("booked", bookedAt, movedFrom ?? dueAt);
    if (movedFrom !== undefined) change("moved", bookedAt + 20 * MINUTE_MS, dueAt);
  };
  for (const agent of world.users.filter((user) => !user.isAdmin)) {
    // Members whose latest call, by this agent, asked to be called back: in the last weeks (a
    // callback is booked at most a month ahead) and before yesterday (the overdue one is due since);
    // none the practice has booked since.
    const promised = [...latest.values()]
      .filter((result) => result.userId === agent.id && result.Result === "Contact Made Call Back")
      .filter((result) => Date.parse(result.createdAt) > startOfToday - 20 * 24 * HOUR_MS && Date.parse(result.createdAt) < startOfToday - 24 * HOUR_MS)
      .map((result) => ({ result, member: byId.get(result.memberId)! }))
      .filter(({ member }) => member.Status !== "Dropped Patient" && member.Status !== "Duplicate SubID" && member.NextApt === null);
    const picked = faker.helpers.shuffle(promised).slice(0, faker.number.int({ min: 3, max: 5 }));
    picked.forEach(({ result, member }, index) => {
      const zone = memberTimeZone(member.State, world.practiceTimeZones[member.practiceId] ?? PRACTICE_TIME_ZONE);
      const due = dueTimes(now, zone);
      const bookedAt = Date.parse(result.createdAt) + 2 * MINUTE_MS;
      const dueAt = [due.overdue, due.today, due.nextWeek, due.today + HOUR_MS, due.nextWeek + 24 * HOUR_MS][index]!;
      // A callback is booked for a time ahead of its booking (at most a month ahead).
      if (dueAt <= bookedAt || dueAt > bookedAt + RULES.callbackMaxDaysAhead * 24 * HOUR_MS) return;
      book(member, agent.id, bookedAt, dueAt, index === 2 ? dueAt - 24 * HOUR_MS : undefined);
    });
  }
  return { callbacks, callbackChanges };
}
