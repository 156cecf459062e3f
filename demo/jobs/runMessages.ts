// How the demo's past runs of each job (domain/jobs.ts) went: how long one takes, how often it
// fails, and what its log says, by the job's key. The demo is a server started with the defaults:
// a job whose integration those leave unconfigured (reminders, the managers' report) was skipped
// every time, as it would have been; nothing claims work that no setting could have done.
import type { Faker } from "@faker-js/faker";
import { DEFAULT_SETTINGS, importSummary, missingIntegration } from "../../domain/jobs.ts";

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
  /** Every run was skipped with this message (the job's integration is not configured). */
  skipped?: string;
  /** A job newer than the demo's past: it has not run yet. */
  neverRan?: true;
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
        `Failed: ${file} has an unexpected header (missing 'Subscriber_ID'); nothing imported`,
        `Failed: ${file} has an unexpected header (missing 'Date_of_Birth', 'Practice'); nothing imported`,
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

/** A job the default settings leave unconfigured: each run took no time and did nothing. */
function skippedWithDefaults(key: string): RunBehaviour {
  const skipped = missingIntegration(key, DEFAULT_SETTINGS)?.skipped;
  if (!skipped) throw new Error(`${key} needs nothing the defaults leave out`);
  const never = () => skipped;
  return { seconds: [0, 1], failureRate: 0, success: never, failure: never, skipped };
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
  "export-reminders": skippedWithDefaults("export-reminders"),
  "send-status-report": skippedWithDefaults("send-status-report"),
  opendental: skippedWithDefaults("opendental"),
  "import-feeds": { seconds: [0, 0], failureRate: 0, success: () => "", failure: () => "", neverRan: true },
  "import-recordings": skippedWithDefaults("import-recordings"),
  "recordings-retention": skippedWithDefaults("recordings-retention"),
  "clear-ended-claims": { seconds: [0, 0], failureRate: 0, success: () => "", failure: () => "", neverRan: true },
};
