// Appointments deleted from the practices' schedules over the last six months: on working days a
// practice deletes none to a few, each for one of its members, by one of its front-desk users
// (named as the practice system names them), mostly with a reason.
import type { Faker } from "@faker-js/faker";
import type { components } from "../../contract/schema";
import type { DeletedAppointmentRecord, MemberRecord } from "../records.ts";
import { DAY_MS, HOUR_MS, openHours, toIsoInstant, zonedDaysAround, type ZonedDay } from "../time/zonedDays.ts";

type Practice = components["schemas"]["Practice"];

const DELETION_DAYS = 182;
/** How far ahead of the deletion the appointment was booked for. */
const LATEST_APPOINTMENT_DAYS = 30;
const FRONT_DESK_USERS_PER_PRACTICE = 3;

const DELETION_REASONS = [
  { value: "Patient cancelled", weight: 25 },
  { value: "Rescheduled", weight: 20 },
  { value: "No show", weight: 12 },
  { value: "Duplicate appointment", weight: 8 },
  { value: "Provider unavailable", weight: 8 },
  { value: "Insurance not eligible", weight: 7 },
  { value: "Scheduled in error", weight: 7 },
  { value: "Office closed", weight: 3 },
  { value: "", weight: 10 }, // no reason given
];

function frontDeskUsers(faker: Faker): string[] {
  return Array.from({ length: FRONT_DESK_USERS_PER_PRACTICE }, () =>
    `${faker.person.firstName()[0]}${faker.person.lastName()}`.toLowerCase().replace(/[^a-z]/g, ""),
  );
}

function membersByPractice(members: MemberRecord[]): Map<number, MemberRecord[]> {
  const byPractice = new Map<number, MemberRecord[]>();
  for (const member of members) {
    const list = byPractice.get(member.practiceId) ?? [];
    list.push(member);
    byPractice.set(member.practiceId, list);
  }
  return byPractice;
}

/** A half-hour slot between 08:00 and 17:00 on a day some days after the deletion. */
function appointmentSlot(faker: Faker, deletedAt: number, days: ZonedDay[], dayOfDeletion: number): number {
  const ahead = faker.number.int({ min: 0, max: LATEST_APPOINTMENT_DAYS });
  const dayStart = days[dayOfDeletion + ahead]?.start ?? deletedAt + ahead * DAY_MS;
  return Math.max(deletedAt, dayStart + 8 * HOUR_MS + faker.number.int({ min: 0, max: 17 }) * (HOUR_MS / 2));
}

export function buildDeletedAppointments(
  faker: Faker,
  { practices, members, today }: { practices: Practice[]; members: MemberRecord[]; today: Date },
): DeletedAppointmentRecord[] {
  const now = today.getTime();
  const days = zonedDaysAround(today, DELETION_DAYS, LATEST_APPOINTMENT_DAYS);
  const patients = membersByPractice(members);
  const staff = new Map(practices.map((practice) => [practice.id, frontDeskUsers(faker)]));
  const deletions: DeletedAppointmentRecord[] = [];
  days.forEach((day, dayIndex) => {
    if (day.weekday === 0 || day.weekday === 6 || day.start > now) return;
    const hours = openHours(day, 8, 18, now);
    for (const practice of practices) {
      const practicePatients = patients.get(practice.id);
      if (!practicePatients) continue;
      for (let count = faker.number.int({ min: 0, max: 2 }); count > 0; count -= 1) {
        const patient = faker.helpers.arrayElement(practicePatients);
        const drawnAt = faker.number.int({ min: hours.from, max: hours.to - 1 });
        const deletedAt = hours.place(drawnAt) ?? now;
        const appointmentDate = toIsoInstant(appointmentSlot(faker, deletedAt, days, dayIndex));
        const deletedBy = faker.helpers.arrayElement(staff.get(practice.id) ?? ["frontdesk"]);
        const reason = faker.helpers.weightedArrayElement(DELETION_REASONS);
        // Today's deletions before the practices open: drawn all the same, so no later draw shifts.
        if (hours.place(drawnAt) === null) continue;
        deletions.push({
          id: deletions.length + 1,
          practiceId: practice.id,
          PatNum: patient.PatNum,
          patientName: `${patient.First_Name} ${patient.Last_Name}`,
          appointmentDate,
          deletedAt: toIsoInstant(deletedAt),
          deletedBy,
          reason,
        });
      }
    }
  });
  return deletions;
}
