// The fake backend's database: a deterministic, seeded picture of a dental practice group.
// Generated data is fixed by (seed, size, today); what staff do in a session (results, notes,
// setup, usage, feedback) is added to the same arrays and seen by every later call.
import { Faker, en, en_US } from "@faker-js/faker";
import type { components } from "../../src/api/schema";
import { buildActivity } from "./activity";
import { buildContent } from "./content";
import { HELP_FILES } from "./demoFiles";
import { buildCrons, buildOpenIssues } from "./jobs";
import { buildDentists, buildMembers } from "./members";
import { buildPractices, buildRegions } from "./practices";
import type * as R from "./records";
import { MOCK_REFERENCE_DATE } from "./reference";
import { buildReportData } from "./reportData";
import type { SessionStore } from "./sessions";
import { buildUsers, DEMO_PASSWORD } from "./users";

type Schemas = components["schemas"];
export type Member = Schemas["Member"];
export type Practice = Schemas["Practice"];
export type RegionInfo = Schemas["RegionInfo"];
export type User = Schemas["User"];

export interface MockDbOptions {
  /** Same seed, same database. */
  seed?: number;
  /** Number of members (5,000 by default; up to 200,000 for performance work). */
  size?: number;
  /**
   * The fake backend's clock. Generated dates lie around its value at creation ("today"), so the
   * reports have data for today and this week whenever the app runs. Default: a fixed reference
   * date, so tests are the same on any day; the browser passes the real clock.
   */
  now?: () => Date;
}

export interface MockDb {
  now: () => Date;
  /** The clock's value when the data was generated. */
  today: Date;
  regions: RegionInfo[];
  practices: Practice[];
  users: User[];
  /** Local accounts' passwords by e-mail (the server keeps scrypt hashes; the mock needs no more). */
  passwords: Map<string, string>;
  dentists: R.DentistRecord[];
  members: R.MemberRecord[];
  notes: R.NoteRecord[];
  results: R.ResultRecord[];
  crons: R.CronRecord[];
  openIssues: R.OpenIssueRecord[];
  leads: R.LeadRecord[];
  firstVisits: R.FirstVisitRecord[];
  priorities: R.TreatmentPriorityRecord[];
  deletedAppointments: R.DeletedAppointmentRecord[];
  recordings: R.CallRecordingRecord[];
  recordingDownloads: R.RecordingDownloadRecord[];
  helpItems: R.HelpItemRecord[];
  helpNotifications: R.HelpNotificationRecord[];
  setups: R.SetupRow[];
  pageVisits: R.PageVisitRecord[];
  reportUses: R.ReportUseRecord[];
  outbox: R.OutboxMessage[];
  sessions: SessionStore;
  /** `jti`s of redeemed partner hand-off tokens: each token signs in once. */
  usedHandoffTokens: Set<string>;
  /** Called after every write (a call other than GET), before its answer leaves: the browser keeps the changes. */
  afterWrite?: () => void;
}

export const DEFAULT_MOCK_SEED = 20261116;
export const DEFAULT_MOCK_SIZE = 5000;

/** The next id of a collection of records with numeric ids. */
export function nextId(records: readonly { id: number }[]): number {
  return records.reduce((max, record) => Math.max(max, record.id), 0) + 1;
}

export function createMockDb({
  seed = DEFAULT_MOCK_SEED,
  size = DEFAULT_MOCK_SIZE,
  now = () => new Date(MOCK_REFERENCE_DATE),
}: MockDbOptions = {}): MockDb {
  const today = now();
  // An own Faker instance: two databases built in one process never disturb each other's sequence.
  const faker = new Faker({ locale: [en_US, en] });
  faker.seed(seed);
  faker.setDefaultRefDate(today);

  const practices = buildPractices(faker);
  const users = buildUsers(faker, practices);
  const dentists = buildDentists(faker, practices);
  const members = buildMembers(faker, { practices, dentists, size, today });
  const world = { practices, users, dentists, members, today };
  return {
    now,
    today,
    regions: buildRegions(practices),
    practices,
    users,
    passwords: new Map(users.map((user) => [user.email, DEMO_PASSWORD])),
    dentists,
    members,
    ...buildActivity(faker, world),
    crons: buildCrons(faker, world),
    openIssues: buildOpenIssues(faker, world),
    ...buildReportData(faker, world),
    ...buildContent(faker, world, HELP_FILES),
    recordingDownloads: [],
    setups: [],
    reportUses: [],
    outbox: [],
    sessions: new Map(),
    usedHandoffTokens: new Set(),
  };
}

/** What builders of generated data may read. */
export interface World {
  practices: Practice[];
  users: User[];
  dentists: R.DentistRecord[];
  members: R.MemberRecord[];
  today: Date;
}
