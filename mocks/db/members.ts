import type { Faker } from "@faker-js/faker";
import type { components } from "../../src/api/schema";
import { BLANK_RESULT, MEMBER_STATUSES, RESULT_OPTIONS } from "../../src/lib/vocabulary";
import type { DentistRecord, MemberRecord } from "./records";
import { BRANDS, REGIONS, type BrandName } from "./reference";

type Practice = components["schemas"]["Practice"];

const DAY_MS = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

function ageOn(birth: Date, on: Date): number {
  const age = on.getUTCFullYear() - birth.getUTCFullYear();
  const hadBirthday =
    on.getUTCMonth() > birth.getUTCMonth() ||
    (on.getUTCMonth() === birth.getUTCMonth() && on.getUTCDate() >= birth.getUTCDate());
  return hadBirthday ? age : age - 1;
}

/** Members live near their practice: the practice is named "<group brand> <city>". */
function cityOf(practice: Practice): string {
  const region = REGIONS.find((candidate) => candidate.name === practice.region);
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

/** Members as the payers' eligibility lists deliver them, mostly children (Medicaid/CHIP dental). */
export function buildMembers(faker: Faker, { practices, dentists, size, today }: MemberInputs): MemberRecord[] {
  const daysBefore = (days: number) => new Date(today.getTime() - days * DAY_MS);
  return Array.from({ length: size }, (_, index) => {
    const practice = faker.helpers.arrayElement(practices);
    const dentist = faker.helpers.arrayElement(dentists.filter((candidate) => candidate.practiceId === practice.id));
    const company = faker.helpers.arrayElement(practice.brands) as BrandName;
    const birth = faker.date.birthdate({ mode: "age", min: 1, max: 20, refDate: today });
    const daysExtracted = faker.number.int({ min: 0, max: 120 });
    const hasResult = faker.datatype.boolean({ probability: 0.6 });
    const hasNote = hasResult && faker.datatype.boolean({ probability: 0.7 });
    const lastVisit = faker.datatype.boolean({ probability: 0.7 }) ? daysBefore(faker.number.int({ min: 20, max: 900 })) : null;
    const nextApt = faker.datatype.boolean({ probability: 0.35 }) ? faker.date.soon({ days: 90, refDate: today }) : null;
    const noteTime = hasNote ? faker.date.recent({ days: 60, refDate: today }) : null;
    return {
      id: index + 1,
      dentistId: dentist.id,
      company,
      Subscriber_ID: faker.string.numeric({ length: 9, allowLeadingZeros: false }),
      PatNum: String(100000 + index),
      MCO: faker.helpers.arrayElement(BRANDS[company]),
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
      notes: hasNote ? faker.lorem.sentence({ min: 4, max: 14 }) : null,
      notestimestamp: noteTime ? noteTime.toISOString() : null,
      Status: faker.helpers.arrayElement(MEMBER_STATUSES),
      Result: hasResult ? faker.helpers.arrayElement(RESULT_OPTIONS) : BLANK_RESULT,
      LastVisit: lastVisit ? isoDate(lastVisit) : null,
      NextApt: nextApt ? nextApt.toISOString() : null,
      entryTime: daysBefore(daysExtracted).toISOString(),
    };
  });
}
