// The demo dataset: the fake backend's generators written into the database, called in the order
// of mocks/db/createMockDb.ts with its seed and reference date, so the server and the mock show the
// same practice group, staff, members and call history. createMockDb itself also bundles help files
// (vite asset imports), so the builders are called here directly. They use extension-less imports:
// this file runs under tsx or vitest, not Node's type stripping:
//   npx tsx server/db/seed.ts            (PGlite in DATA_DIR, or DATABASE_URL)
//   SEED_SIZE=200000 npx tsx server/db/seed.ts
import { sql, type Kysely } from "kysely";
import { Faker, en, en_US } from "@faker-js/faker";
import { buildActivity } from "../../mocks/db/activity";
import { buildContent } from "../../mocks/db/content";
import { buildCrons, buildOpenIssues } from "../../mocks/db/jobs";
import { buildDentists, buildMembers } from "../../mocks/db/members";
import { buildPractices } from "../../mocks/db/practices";
import { MOCK_REFERENCE_DATE, REGIONS } from "../../mocks/db/reference";
import { buildReportData } from "../../mocks/db/reportData";
import { buildUsers, DEMO_PASSWORD } from "../../mocks/db/users";
import { hashPassword } from "../auth/passwords.ts";
import type { Database } from "./database.ts";
import { AREA_SEEDS } from "./seeds/index.ts";

const CHUNK = 1000;

export async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

/** Identity columns given explicit ids continue after the largest one. */
export async function resetIdentity(db: Kysely<Database>, table: string): Promise<void> {
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
}

export async function isSeeded(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom("users").select("id").limit(1).executeTakeFirst()) !== undefined;
}

/** mocks/db/createMockDb.ts: DEFAULT_MOCK_SEED and DEFAULT_MOCK_SIZE. */
const DEMO_SEED = 20261116;
const DEMO_SIZE = 5000;

function generate({ seed = DEMO_SEED, size = DEMO_SIZE, today = new Date(MOCK_REFERENCE_DATE) }: SeedOptions) {
  const faker = new Faker({ locale: [en_US, en] });
  faker.seed(seed);
  faker.setDefaultRefDate(today);
  const practices = buildPractices(faker);
  const users = buildUsers(faker, practices);
  const dentists = buildDentists(faker, practices);
  const members = buildMembers(faker, { practices, dentists, size, today });
  const world = { practices, users, dentists, members, today };
  // The builders' order is createMockDb's: each draws from the same faker sequence.
  return {
    ...world,
    ...buildActivity(faker, world),
    crons: buildCrons(faker, world),
    openIssues: buildOpenIssues(faker, world),
    ...buildReportData(faker, world),
    ...buildContent(faker, world, SERVER_HELP_FILES),
  };
}

/** The whole generated demo world, as the mock holds it; `seeds/*.ts` write their parts of it. */
export type DemoWorld = ReturnType<typeof generate>;

/** The demo help files as the server serves them from its storage (issue #9 serves them). */
export const SERVER_HELP_FILES = {
  appTourVideo: "/api/files/help/app-tour.mp4",
  membersListGuide: "/api/files/help/members-list-guide.pdf",
  reportsGuide: "/api/files/help/reports-guide.pdf",
};

export interface SeedOptions {
  seed?: number;
  size?: number;
  /** The generator's "today" (default: the mock's fixed reference date). */
  today?: Date;
}

/** Loads the demo data into an empty, migrated database. */
export async function seedDemoData(db: Kysely<Database>, options: SeedOptions = {}): Promise<void> {
  const mock = generate(options);
  // One hash for every demo account: they share the published demo password anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("regions").values(REGIONS.map(({ id, name, brandName }) => ({ id, name, brand_name: brandName }))).execute();
    const regionId = new Map<string, number>(REGIONS.map((region) => [region.name, region.id]));
    await trx
      .insertInto("practices")
      .values(
        mock.practices.map((practice) => ({
          id: practice.id,
          name: practice.practice,
          abbr: practice.practiceabbr,
          region_id: regionId.get(practice.region) ?? 0,
          brands: practice.brands,
        })),
      )
      .execute();
    await trx
      .insertInto("users")
      .values(
        mock.users.map((user) => ({
          id: user.id,
          email: user.email,
          firstname: user.firstname,
          lastname: user.lastname,
          profile_picture: user.profilePicture,
          is_admin: user.isAdmin,
          default_page: user.defaultPage,
          default_location_id: user.defaultLocationId,
          password_hash: passwordHash,
        })),
      )
      .execute();
    await trx
      .insertInto("dentists")
      .values(mock.dentists.map((d) => ({ id: d.id, practice_id: d.practiceId, first_name: d.Dr_First_Name, name: d.dentist })))
      .execute();
    await insertChunked(mock.members, (chunk) =>
      trx
        .insertInto("members")
        .values(
          chunk.map((m) => ({
            id: m.id,
            company: m.company,
            subscriber_id: m.Subscriber_ID,
            pat_num: m.PatNum,
            mco: m.MCO,
            first_name: m.First_Name,
            middle_name: m.Middle_Name,
            last_name: m.Last_Name,
            practice_id: m.practiceId,
            dentist_id: m.dentistId,
            address1: m.Address1,
            city: m.City,
            state: m.State,
            phone: m.Phone,
            date_of_birth: m.Date_of_Birth,
            days_extracted: m.Days_Extracted,
            notes: m.notes,
            notes_at: m.notestimestamp,
            status: m.Status,
            result: m.Result,
            last_visit: m.LastVisit,
            next_apt: m.NextApt,
            entry_time: m.entryTime,
          })),
        )
        .execute(),
    );
    await insertChunked(mock.notes, (chunk) =>
      trx
        .insertInto("notes")
        .values(chunk.map((n) => ({ id: n.id, member_id: n.memberId, user_id: n.userId, notes: n.notes, created_at: n.createdAt })))
        .execute(),
    );
    await insertChunked(mock.results, (chunk) =>
      trx
        .insertInto("results")
        .values(chunk.map((r) => ({ id: r.id, member_id: r.memberId, user_id: r.userId, result: r.Result, created_at: r.createdAt })))
        .execute(),
    );
    await trx
      .insertInto("open_issues")
      .values(
        mock.openIssues.map((issue) => ({
          id: issue.id,
          application: issue.application,
          down_time_start: issue.downTimeStart,
          what_is_down: issue.whatIsDown,
          what_to_do_mean_time: issue.whatToDoMeanTime,
          closed_at: issue.closedAt,
        })),
      )
      .execute();
    for (const table of ["users", "members", "notes", "results", "open_issues"]) await resetIdentity(trx, table);
    for (const seedArea of AREA_SEEDS) await seedArea(trx, mock);
  });
}

async function seedFromCommandLine(): Promise<void> {
  const { loadConfig } = await import("../config.ts");
  const { openDatabase } = await import("./connection.ts");
  const { migrateToLatest } = await import("./migrate.ts");
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    if (await isSeeded(database.db)) {
      console.log("The database already has data: nothing seeded.");
      return;
    }
    const started = performance.now();
    const size = process.env.SEED_SIZE ? Number(process.env.SEED_SIZE) : undefined;
    // Around the day of the first start, as the in-browser demo is: today's and this week's reports have data.
    await seedDemoData(database.db, { size, today: new Date() });
    // PGlite has no autovacuum: trigram search was 3–18× slower after a bulk load until this ran.
    await sql`VACUUM ANALYZE`.execute(database.db);
    console.log(`Seeded the demo data in ${Math.round(performance.now() - started)} ms.`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  seedFromCommandLine().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
