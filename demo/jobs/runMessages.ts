// How the demo's past runs of each job (domain/jobs.ts) went: how long one takes, how often it
// fails, and what its log says, by the job's key.
import type { Faker } from "@faker-js/faker";
import { importSummary } from "../../domain/jobs.ts";

/** What a run's log message may draw on. */
export interface RunContext {
  faker: Faker;
  startedAt: Date;
  /** Members on the lists (the status refresh checks them all). */
  members: number;
}

export interface RunBehaviour {
  /** Typical run length in seconds. */
  seconds: [number, number];
  /** Share of runs that fail. */
  failureRate: number;
  /** The log message of a successful run and of a failed one. */
  success: (context: RunContext) => string;
  failure: (context: RunContext) => string;
}

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

/** A payer's import: the file of the day, some rows rejected with their reasons. */
function memberImport(fileStem: string): RunBehaviour {
  return {
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
      const rows = faker.number.int({ min: 600, max: 2400 });
      const rejected = faker.helpers.weightedArrayElement([
        { value: 0, weight: 3 },
        { value: faker.number.int({ min: 1, max: 4 }), weight: 5 },
        { value: faker.number.int({ min: 5, max: 30 }), weight: 1 },
      ]);
      const examples = faker.helpers
        .uniqueArray(() => faker.number.int({ min: 2, max: rows + 1 }), Math.min(rejected, 3))
        .sort((a, b) => a - b)
        .map((line) => ({ line, reason: faker.helpers.arrayElement(REJECTIONS)(faker) }));
      return importSummary({ file: `${fileStem}_${fileDate(startedAt)}.csv`, rowsWritten: rows - rejected, rowsRejected: rejected, examples });
    },
  };
}

/** By the job's key. */
export const RUNS: Readonly<Record<string, RunBehaviour>> = {
  "import-denta": memberImport("DENTA_ELIG"),
  "import-mcna": memberImport("MCNA_MEMBERS"),
  "import-uhc": memberImport("UHC_TX_DENTAL"),
  "import-tmhp": memberImport("TMHP_FFS"),
  "refresh-statuses": {
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
  "export-reminders": {
    seconds: [10, 90],
    failureRate: 0.1,
    failure: () => "Failed: the reminder service answered 503 Service Unavailable three times; nothing sent",
    success({ faker }) {
      const appointments = faker.number.int({ min: 120, max: 320 });
      const noPhone = faker.number.int({ min: 0, max: 6 });
      return `Exported ${appointments} appointments; ${appointments - noPhone} reminders accepted, ${noPhone} skipped (no valid phone number)`;
    },
  },
  "send-status-report": {
    seconds: [5, 40],
    failureRate: 0.1,
    failure: () => "Failed: the SMTP server refused the message (552 message size exceeds fixed limit)",
    success: ({ faker }) => `Sent to ${faker.number.int({ min: 22, max: 25 })} practice managers`,
  },
};
