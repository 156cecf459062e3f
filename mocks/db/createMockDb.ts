// The fake backend's database: the demo world (demo/world.ts), kept in memory, plus what staff do
// in a session (results, notes, setup, usage, feedback, sessions, claims), added to the same arrays and
// seen by every later call.
import type { components } from "../../contract/schema";
import { DEMO_REFERENCE_DATE } from "../../demo/reference.ts";
import { DEMO_PASSWORD } from "../../demo/staff.ts";
import { generateWorld, type DemoWorld, type WorldOptions } from "../../demo/world.ts";
import type * as R from "./records";
import type { SessionStore } from "./sessions";
import type { AccountFailures } from "../../domain/signInThrottle.ts";
import type { WindowCount } from "../../domain/team/agentLimits.ts";
import type { KeptTargets } from "../../domain/campaigns/campaignProgress.ts";
import type { CallingWindow } from "../../domain/queue/rules.ts";
import type { ClaimStore } from "./claims";
import { MockEventBus, type TicketStore } from "./events";
import { MockQueue } from "../queue/mockQueue";

type Schemas = components["schemas"];
export type Member = Schemas["Member"];
export type Practice = Schemas["Practice"];
export type User = Schemas["User"];

export interface MockDbOptions extends Omit<WorldOptions, "today"> {
  /**
   * The fake backend's clock. The world is generated around its value at creation ("today"), so
   * the reports have data for today and this week whenever the app runs. Default: the demo's fixed
   * reference date, so tests are the same on any day; the browser passes the real clock.
   */
  now?: () => Date;
  /** The queue's calling window; default the product's (DEFAULT_QUEUE_RULES). */
  callingWindow?: CallingWindow;
}

export type MockDb = Omit<DemoWorld, "campaigns" | "appointments"> & {
  now: () => Date;
  /** Local accounts' passwords by e-mail (the server keeps scrypt hashes; the fake backend needs no more). */
  passwords: Map<string, string>;
  recordingDownloads: R.RecordingDownloadRecord[];
  setups: R.SetupRow[];
  reportUses: R.ReportUseRecord[];
  outbox: R.OutboxMessage[];
  sessions: SessionStore;
  /** Agents working members (domain/team/claims.ts). */
  claims: ClaimStore;
  /** Tickets of event streams, and the open streams every change is sent to. */
  eventTickets: TicketStore;
  events: MockEventBus;
  /** `jti`s of redeemed partner hand-off tokens: each token signs in once. */
  usedHandoffTokens: Set<string>;
  /** Who sent feedback when (domain/mail/feedbackLimit.ts). */
  feedbackSent: { userId: number; at: number }[];
  /** Password sign-in failures by account (domain/signInThrottle.ts). */
  signInFailures: Map<string, AccountFailures>;
  /** Claims and call starts per user in the current minute (domain/team/agentLimits.ts). */
  agentCalls: Map<string, WindowCount>;
  /** When an administrator last reset each member's attempts (ISO instants). */
  attemptResets: Map<number, string>;
  /** The phone each member had when Phone number issues was saved for it. */
  issuePhones: Map<number, string>;
  /** Each member's place in the work queue, worked out from the records above. */
  queue: MockQueue;
  /** Called after every write (a call other than GET), before its answer leaves: the browser keeps the changes. */
  afterWrite?: () => void;
  /** Staff administration: the disabled accounts, and when each account was added. */
  disabledUsers: Set<number>;
  userCreatedAt: Map<number, string>;
  /** Members imports from the browser, by run id (their runs are also in the import job's log). */
  memberImports: Map<number, Schemas["MemberImport"]>;
  /** One more each time an import rewrites members' searched or sorted fields: the list's caches start again. */
  membersRevision: number;
  /** The practices' appointments: the generated world's, then the appointments feed's. */
  appointments: R.MockAppointment[];
  /** Rows written by the practice feeds, by feed, practice and the source's own number: their ids. */
  feedRowIds: Map<string, number>;
  /** Practice feed imports from the browser, by run id (their runs are also in the feeds job's log). */
  feedImports: Map<number, Schemas["FeedImport"]>;
  /** Campaigns administrators set up (the generated world's three, then theirs). */
  campaigns: R.CampaignRecord[];
  /** The kept counts of each campaign's targets (domain/campaigns/campaignProgress.ts TARGETS_RECOUNT_MS). */
  campaignTargetCounts: Map<number, KeptTargets>;
};

/** The next id of a collection of records with numeric ids. */
export function nextId(records: readonly { id: number }[]): number {
  return records.reduce((max, record) => Math.max(max, record.id), 0) + 1;
}

export function createMockDb({ seed, size, now = () => new Date(DEMO_REFERENCE_DATE), callingWindow }: MockDbOptions = {}): MockDb {
  const world = generateWorld({ seed, size, today: now() });
  const db: Omit<MockDb, "queue"> = {
    ...world,
    now,
    passwords: new Map(world.users.map((user) => [user.email, DEMO_PASSWORD])),
    recordingDownloads: [],
    setups: [],
    reportUses: [],
    outbox: [],
    sessions: new Map(),
    claims: new Map(),
    eventTickets: new Map(),
    events: new MockEventBus(),
    usedHandoffTokens: new Set(),
    signInFailures: new Map(),
    agentCalls: new Map(),
    feedbackSent: [],
    disabledUsers: new Set(),
    userCreatedAt: new Map(world.users.map((user) => [user.id, now().toISOString()])),
    memberImports: new Map(),
    membersRevision: 0,
    attemptResets: new Map(),
    issuePhones: new Map(),
    // The demo's campaigns were set up by its administrator.
    campaigns: world.campaigns.map((campaign) => ({ ...campaign, changedBy: world.users.find((user) => user.isAdmin)!.id })),
    campaignTargetCounts: new Map(),
    // The world's appointments were booked when the practice last changed them (they never changed since).
    appointments: world.appointments.map(({ practiceId, patNum, aptNum, startsAt, status, changedAt }) => ({ practiceId, patNum, aptNum, startsAt, status, changedAt, bookedAt: changedAt })),
    feedRowIds: new Map(),
    feedImports: new Map(),
  };
  return { ...db, queue: new MockQueue(db, callingWindow) };
}
