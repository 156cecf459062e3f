import type { Faker } from "@faker-js/faker";
import type { components } from "../contract/schema";
import { BLANK_RESULT, MCO_BY_BRAND, MEMBER_STATUSES } from "../domain/vocabulary.ts";
import { FIRST_VERSIONS } from "../domain/team/versions.ts";
import type { DentistRecord, MemberRecord } from "./records.ts";
import { GROUP_REGIONS } from "./reference.ts";

type Practice = components["schemas"]["Practice"];

const DAY_MS = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

export function ageOn(birth: Date, on: Date): number {
  const age = on.getUTCFullYear() - birth.getUTCFullYear();
  const hadBirthday =
    on.getUTCMonth() > birth.getUTCMonth() ||
    (on.getUTCMonth() === birth.getUTCMonth() && on.getUTCDate() >= birth.getUTCDate());
  return hadBirthday ? age : age - 1;
}

/** Members live near their practice: the practice is named "<group brand> <city>". */
function cityOf(practice: Practice): string {
  const region = GROUP_REGIONS.find((candidate) => candidate.name === practice.region);
  return region ? practice.practice.slice(region.brandName.length + 1) : practice.practice;
}

/** Two to four dentists per practice. */
export function buildDentists(faker: Faker, practices: Practice[]): DentistRecord[] {
  let id = 0;
  return practices.flatMap((practice) =>
    Array.from({ length: faker.number.int({ min: 2, max: 4 }) }, () => {
      id += 1;
      const first = faker.person.firstName();
      const last = faker.person.lastName();
      return { id, Dr_First_Name: first, dentist: `Dr. ${first} ${last}`, practiceId: practice.id };
    }),
  );
}

interface MemberInputs {
  practices: Practice[];
  dentists: DentistRecord[];
  size: number;
  today: Date;
}

/** Which members have seen the practice and which have an appointment follows from their status. */
function visitsOf(faker: Faker, status: MemberRecord["Status"], today: Date) {
  const daysBefore = (min: number, max: number) => isoDate(new Date(today.getTime() - faker.number.int({ min, max }) * DAY_MS));
  const appointment = () => faker.date.soon({ days: 90, refDate: today }).toISOString();
  switch (status) {
    case "New Patient":
      return { LastVisit: null, NextApt: null };
    case "New Patient With Apt":
      return { LastVisit: null, NextApt: appointment() };
    case "Recare Future Appointment":
      return { LastVisit: daysBefore(20, 540), NextApt: appointment() };
    case "Recare No Future Appointment":
      return { LastVisit: daysBefore(180, 720), NextApt: null };
    case "Dropped Patient":
      return { LastVisit: daysBefore(540, 1200), NextApt: null };
    case "Duplicate SubID":
      return {
        LastVisit: faker.datatype.boolean({ probability: 0.7 }) ? daysBefore(20, 900) : null,
        NextApt: faker.datatype.boolean({ probability: 0.35 }) ? appointment() : null,
      };
  }
}

/**
 * Members as the payers' eligibility lists deliver them, mostly children (Medicaid/CHIP dental).
 * Result, notes and notestimestamp start empty: buildActivity derives them from the generated
 * result and note history, so the list always shows the latest entry of each history. Every member
 * starts at version 1: the generated history counts as what the list showed before versions.
 */
export function buildMembers(faker: Faker, { practices, dentists, size, today }: MemberInputs): MemberRecord[] {
  const daysBefore = (days: number) => new Date(today.getTime() - days * DAY_MS);
  const dentistsByPractice = Map.groupBy(dentists, (dentist) => dentist.practiceId);
  return Array.from({ length: size }, (_, index) => {
    const practice = faker.helpers.arrayElement(practices);
    const dentist = faker.helpers.arrayElement(dentistsByPractice.get(practice.id) ?? []);
    const company = faker.helpers.arrayElement(practice.brands);
    const birth = faker.date.birthdate({ mode: "age", min: 1, max: 20, refDate: today });
    const daysExtracted = faker.number.int({ min: 0, max: 120 });
    const status = faker.helpers.arrayElement(MEMBER_STATUSES);
    return {
      id: index + 1,
      dentistId: dentist.id,
      company,
      Subscriber_ID: faker.string.numeric({ length: 9, allowLeadingZeros: false }),
      PatNum: String(100000 + index),
      MCO: faker.helpers.arrayElement(MCO_BY_BRAND[company]),
      First_Name: faker.person.firstName(),
      Middle_Name: faker.datatype.boolean({ probability: 0.4 }) ? faker.person.middleName() : "",
      Last_Name: faker.person.lastName(),
      Practice: practice.practiceabbr,
      practiceId: practice.id,
      Address1: faker.location.streetAddress(),
      City: cityOf(practice),
      State: "TX",
      Phone: faker.phone.number({ style: "national" }),
      Date_of_Birth: isoDate(birth),
      Age: ageOn(birth, today),
      Days_Extracted: daysExtracted,
      notes: null,
      notestimestamp: null,
      Status: status,
      Result: BLANK_RESULT,
      ...visitsOf(faker, status, today),
      entryTime: daysBefore(daysExtracted).toISOString(),
      ...FIRST_VERSIONS,
    };
  });
}
