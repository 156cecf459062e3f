// The practices' schedules: every member's appointments as the practice system keeps them, in the
// appointments feed's terms. The member's Status, last visit, next appointment and first visit then
// follow from them by the feed's rules (domain/feeds/patientVisits.ts): here for the fake backend,
// and on the server by its seed applying these records through the feed code, so both show the
// same. What the payer's list said of a member (its Status) decides the appointments it gets: a
// recare patient has completed visits, one with an appointment has it scheduled; a member whose
// call made an appointment had its first visit booked by that call (New Patient Origin credits it).
// Drawn from a Faker of its own, so the rest of the world does not change with these rules.
import { Faker, en } from "@faker-js/faker";
import { addDays, startOfZonedDay, zonedDate, type IsoDate } from "../domain/calendar.ts";
import { firstVisitOrigin, patientVisits } from "../domain/feeds/patientVisits.ts";
import { INACTIVE_STATUSES } from "../domain/queue/results.ts";
import { instantOfLocal, localTimeOf } from "../domain/queue/zonedTime.ts";
import { APPOINTMENT_MADE, BLANK_RESULT, PRACTICE_TIME_ZONE } from "../domain/vocabulary.ts";
import type { FirstVisitRecord, MemberRecord, MemberResult, PracticeAppointmentRecord, ResultRecord } from "./records.ts";
import { DAY_MS, HOUR_MS, toIsoInstant } from "./time/zonedDays.ts";

const MINUTE_MS = 60_000;
/** The practice systems' appointment numbers start here. */
const FIRST_APT_NUM = 500_001;
/** Established patients came back every six months or so, up to three times before their last visit. */
const EARLIER_VISITS = [
  { value: 0, weight: 4 },
  { value: 1, weight: 3 },
  { value: 2, weight: 2 },
  { value: 3, weight: 1 },
];
const MISSED_SHARE = 0.1;
/** The hour of the practice's day (roughly) a booking made in an earlier day was entered at. */
const BOOKED_AT_HOUR = 10;
/** Recare members the practice itself booked as new patients lately, besides those a call booked. */
const RECENT_NEW_PATIENT_SHARE = 0.12;

interface Schedules {
  members: MemberRecord[];
  results: ResultRecord[];
  practiceTimeZones: Record<number, string>;
  today: Date;
}

const isInactive = (member: MemberRecord) => (INACTIVE_STATUSES as readonly string[]).includes(member.Status);
const zoneOf = (world: Pick<Schedules, "practiceTimeZones">, practiceId: number) => world.practiceTimeZones[practiceId] ?? PRACTICE_TIME_ZONE;

/** The appointments of every member, from what its payer list and its calls say of it. */
export function buildAppointments(seed: number, world: Schedules): PracticeAppointmentRecord[] {
  const faker = new Faker({ locale: [en] });
  faker.seed(seed);
  const now = world.today.getTime();
  // Decisions and past bookings count from the start of the day, so that they are the same at any hour.
  const startOfToday = startOfZonedDay(zonedDate(world.today));
  const midday = startOfToday + 12 * HOUR_MS;
  const madeAt = new Map<number, number>();
  for (const result of world.results) if (result.Result === APPOINTMENT_MADE) madeAt.set(result.memberId, Date.parse(result.createdAt));
  const appointments: PracticeAppointmentRecord[] = [];

  for (const member of world.members) {
    if (member.PatNum === "") continue;
    const zone = zoneOf(world, member.practiceId);
    // A half-hour chair slot between 8:00 and 16:30 of the practice's day.
    const drawSlot = () => 8 * 60 + 30 * faker.number.int({ min: 0, max: 17 });
    const slotOn = (date: IsoDate) => instantOfLocal(date, drawSlot(), zone);
    const dayOf = (instant: number) => localTimeOf(instant, zone).date;
    const add = (startsAt: number, status: PracticeAppointmentRecord["status"], bookedAt: number, isNewPatient = false) =>
      appointments.push({
        practiceId: member.practiceId,
        patNum: member.PatNum,
        aptNum: String(FIRST_APT_NUM + appointments.length),
        startsAt: toIsoInstant(startsAt),
        status,
        isNewPatient,
        changedAt: toIsoInstant(bookedAt),
      });
    const made = madeAt.get(member.id);

    if (member.LastVisit !== null) {
      const credited = made === undefined || isInactive(member) ? null : slotOn(addDays(dayOf(made), faker.number.int({ min: 2, max: 21 })));
      const recent = credited === null && !isInactive(member) && faker.datatype.boolean({ probability: RECENT_NEW_PATIENT_SHARE });
      if (credited !== null && credited < startOfToday) {
        // The call booked the first visit, which took place since.
        add(credited, "Complete", made! + 2 * MINUTE_MS, true);
      } else if (recent) {
        // A new patient the practice booked itself, seen in the last weeks.
        const at = slotOn(dayOf(midday - faker.number.int({ min: 1, max: 45 }) * DAY_MS));
        if (at < now) add(at, "Complete", at - faker.number.int({ min: 3, max: 20 }) * DAY_MS, true);
      } else {
        const visits = [slotOn(member.LastVisit)];
        for (let earlier = faker.helpers.weightedArrayElement(EARLIER_VISITS); earlier > 0; earlier -= 1) {
          visits.unshift(slotOn(addDays(dayOf(visits[0]!), -faker.number.int({ min: 150, max: 240 }))));
        }
        visits.forEach((at, index) => add(at, "Complete", at - faker.number.int({ min: 7, max: 60 }) * DAY_MS, index === 0));
      }
    }
    if (member.NextApt !== null) {
      const day = dayOf(Date.parse(member.NextApt));
      // One slot drawn: today's that has passed moves to the same slot tomorrow.
      const slot = drawSlot();
      let at = instantOfLocal(day, slot, zone);
      if (at <= now) at = instantOfLocal(addDays(day, 1), slot, zone);
      const booked = made !== undefined && made < at ? made + 2 * MINUTE_MS : startOfToday + BOOKED_AT_HOUR * HOUR_MS - faker.number.int({ min: 1, max: 30 }) * DAY_MS;
      add(at, "Scheduled", booked, member.LastVisit === null);
    }
    if (faker.datatype.boolean({ probability: MISSED_SHARE })) {
      const at = slotOn(dayOf(midday - faker.number.int({ min: 1, max: 120 }) * DAY_MS));
      if (at < now) add(at, "Broken", at - faker.number.int({ min: 3, max: 30 }) * DAY_MS);
    }
  }
  return appointments;
}

/**
 * The members brought up to date from their appointments as the feed does: the call center's own
 * statuses stay, every other member starts as never seen. Answers their first visits.
 */
export function followAppointments(world: Schedules, appointments: readonly PracticeAppointmentRecord[]): FirstVisitRecord[] {
  const now = world.today.toISOString();
  const byPatient = Map.groupBy(appointments, (appointment) => `${appointment.practiceId}/${appointment.patNum}`);
  const resultsByMember = Map.groupBy(world.results, (result) => result.memberId);
  const resultAt = (memberId: number, at: string): MemberResult => {
    const before = (resultsByMember.get(memberId) ?? []).filter((result) => result.createdAt <= at);
    return before.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id).at(-1)?.Result ?? BLANK_RESULT;
  };
  const firstVisits: FirstVisitRecord[] = [];
  for (const member of world.members) {
    const kept = (member.PatNum === "" ? undefined : byPatient.get(`${member.practiceId}/${member.PatNum}`)) ?? [];
    const before = { Status: isInactive(member) ? member.Status : ("New Patient" as const), LastVisit: null };
    const zone = zoneOf(world, member.practiceId);
    const visits = patientVisits(before, kept.map((a) => ({ status: a.status, startsAt: a.startsAt, bookedAt: a.changedAt })), { now, zone });
    Object.assign(member, { Status: visits.status, LastVisit: visits.lastVisit, NextApt: visits.nextApt });
    if (visits.firstVisit === null) continue;
    const result = resultAt(member.id, visits.firstVisit.bookedAt);
    firstVisits.push({
      id: firstVisits.length + 1,
      memberId: member.id,
      practiceId: member.practiceId,
      patNum: member.PatNum,
      firstVisitDate: visits.firstVisit.date,
      origin: firstVisitOrigin(result),
      result,
    });
  }
  return firstVisits;
}
