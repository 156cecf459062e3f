// The back-office jobs of the call center, each with what one run reports in its log.
import type { Faker } from "@faker-js/faker";

/** What a run's log message may draw on. */
export interface RunContext {
  faker: Faker;
  startedAt: Date;
  /** Members on the lists (the status refresh checks them all). */
  members: number;
}

export interface JobDefinition {
  title: string;
  description: string;
  /** When it runs, in the practice group's time zone (the cron expression is derived from it). */
  hour: number;
  minute: number;
  /** 0 = Sunday … 6 = Saturday */
  weekdays: readonly number[];
  /** Typical run length in seconds. */
  seconds: [number, number];
  /** Share of runs that fail. */
  failureRate: number;
  /** The log message of a successful run and of a failed one. */
  success: (context: RunContext) => string;
  failure: (context: RunContext) => string;
}

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const WEEKDAYS = [1, 2, 3, 4, 5];
const count = (value: number) => value.toLocaleString("en-US");
const fileDate = (date: Date) => date.toISOString().slice(0, 10).replaceAll("-", "");

const REJECTIONS = [
  () => "missing Subscriber_ID",
  (faker: Faker) => `invalid Date_of_Birth '02/${faker.number.int({ min: 30, max: 31 })}/20${faker.number.int({ min: 10, max: 24 })}'`,
  (faker: Faker) => `unknown practice code '${faker.string.alpha({ length: 3, casing: "upper" })}${faker.number.int({ min: 10, max: 99 })}'`,
  () => "duplicate Subscriber_ID in file",
  () => "missing Last_Name",
  (faker: Faker) => `Phone '${faker.string.numeric(7)}' has fewer than 10 digits`,
];

/** The schedule as a cron expression: `minute hour * * weekdays`. */
export function cronTimeOf({ hour, minute, weekdays }: Pick<JobDefinition, "hour" | "minute" | "weekdays">): string {
  const days = weekdays.length === 7 ? "*" : weekdays.join(",") === WEEKDAYS.join(",") ? "1-5" : weekdays.join(",");
  return `${minute} ${hour} * * ${days}`;
}

function memberImport(brand: string, fileStem: string, hour: number, minute: number, weekdays = EVERY_DAY): JobDefinition {
  return {
    title: `Import ${brand} members`,
    description:
      `Reads the ${brand} eligibility file (CSV) from the payer's SFTP drop, validates every row, upserts members by ` +
      "subscriber id and practice and stamps Days_Extracted. Rejected rows are listed in the run log; no row is dropped silently.",
    hour,
    minute,
    weekdays,
    seconds: [40, 420],
    failureRate: 0.12,
    failure({ faker, startedAt }) {
      const file = `${fileStem}_${fileDate(startedAt)}.csv`;
      return faker.helpers.arrayElement([
        `Failed: ${file} not found on the SFTP drop after 3 attempts`,
        `Failed: ${file} has an unexpected header (column 'SUBSCRIBER_NO' instead of 'Subscriber_ID'); nothing imported`,
        "Failed: SFTP connection refused by the payer (timeout after 60 s)",
      ]);
    },
    success({ faker, startedAt }) {
      const file = `${fileStem}_${fileDate(startedAt)}.csv`;
      const rows = faker.number.int({ min: 600, max: 2400 });
      const rejected = faker.helpers.weightedArrayElement([
        { value: 0, weight: 3 },
        { value: faker.number.int({ min: 1, max: 4 }), weight: 5 },
        { value: faker.number.int({ min: 5, max: 30 }), weight: 1 },
      ]);
      const examples = faker.helpers
        .uniqueArray(() => faker.number.int({ min: 2, max: rows + 1 }), Math.min(rejected, 3))
        .sort((a, b) => a - b)
        .map((row) => `row ${row}: ${faker.helpers.arrayElement(REJECTIONS)(faker)}`);
      const more = rejected > examples.length ? `; ${rejected - examples.length} more` : "";
      const reasons = examples.length > 0 ? ` (${examples.join("; ")}${more})` : "";
      return `Imported ${count(rows - rejected)} rows from ${file}, ${rejected} rejected${reasons}`;
    },
  };
}

/** The jobs, in no particular order (the API sorts them by title). */
export const JOBS: readonly JobDefinition[] = [
  memberImport("DENTA", "DENTA_ELIG", 5, 0),
  memberImport("MCNA", "MCNA_MEMBERS", 5, 15),
  memberImport("UHC", "UHC_TX_DENTAL", 5, 30),
  memberImport("TMHP", "TMHP_FFS", 6, 0, [1]),
  {
    title: "Refresh recare statuses",
    description:
      "Nightly: recomputes every member's status (New Patient, New Patient With Apt, Recare Future Appointment, " +
      "Recare No Future Appointment, Dropped Patient) from the practices' schedules and visits.",
    hour: 2,
    minute: 0,
    weekdays: EVERY_DAY,
    seconds: [90, 600],
    failureRate: 0.08,
    failure: () => "Failed: the schedule database of FS-LARE did not answer (timeout after 120 s); no status changed",
    success({ faker, members }) {
      const changed = faker.number.int({ min: Math.ceil(members * 0.01), max: Math.ceil(members * 0.06) });
      const noFuture = faker.number.int({ min: 0, max: changed });
      return (
        `Checked ${count(members)} members: ${changed} changed (${noFuture} Recare Future Appointment → ` +
        `Recare No Future Appointment, ${changed - noFuture} to Recare Future Appointment or New Patient With Apt)`
      );
    },
  },
  {
    title: "Export appointment reminders",
    description: "Weekdays at 17:00: sends the next working day's appointments to the reminder service (SMS and voice calls).",
    hour: 17,
    minute: 0,
    weekdays: WEEKDAYS,
    seconds: [10, 90],
    failureRate: 0.1,
    failure: () => "Failed: the reminder service answered 503 Service Unavailable three times; nothing sent",
    success({ faker }) {
      const appointments = faker.number.int({ min: 120, max: 320 });
      const noPhone = faker.number.int({ min: 0, max: 6 });
      return `Exported ${appointments} appointments; ${appointments - noPhone} reminders accepted, ${noPhone} skipped (no valid phone number)`;
    },
  },
  {
    title: "Send members status report",
    description: "Mondays at 7:00: e-mails the members status report of the past week to the practice managers.",
    hour: 7,
    minute: 0,
    weekdays: [1],
    seconds: [5, 40],
    failureRate: 0.1,
    failure: () => "Failed: the SMTP server refused the message (552 message size exceeds fixed limit)",
    success: ({ faker }) => `Sent to ${faker.number.int({ min: 22, max: 25 })} practice managers`,
  },
];
