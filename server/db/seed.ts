// The demo data: the demo world (demo/world.ts) written into an empty, migrated database, so the
// server shows the same practice group, staff, members and history as the fake backend.
//   npm run seed                       (PGlite in DATA_DIR, or DATABASE_URL)
//   SEED_SIZE=200000 npm run seed
import { sql, type Kysely } from "kysely";
import { generateWorld, type DemoWorld, type WorldOptions } from "../../demo/world.ts";
import type { Database } from "./database.ts";
import { seedJobs } from "./seeds/jobs.ts";
import { seedMembers } from "./seeds/members.ts";
import { seedOpenIssues } from "./seeds/openIssues.ts";
import { seedPracticeFeeds } from "./seeds/practiceFeeds.ts";
import { seedRecordingsAndHelp } from "./seeds/recordingsAndHelp.ts";
import { seedStaffAndPractices } from "./seeds/staffAndPractices.ts";
import { seedSignIns } from "./seeds/signIns.ts";
import { seedUsage } from "./seeds/usage.ts";
import { seedCallbacks } from "./seeds/callbacks.ts";
import { seedCampaigns } from "./seeds/campaigns.ts";

export type SeedOptions = WorldOptions;

/** In the order the tables refer to each other. */
const SEEDS: ((trx: Kysely<Database>, world: DemoWorld) => Promise<void>)[] = [
  seedStaffAndPractices,
  seedCampaigns,
  seedMembers,
  seedCallbacks,
  seedOpenIssues,
  seedPracticeFeeds,
  seedRecordingsAndHelp,
  seedJobs,
  seedUsage,
  seedSignIns,
];

export async function isSeeded(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom("users").select("id").limit(1).executeTakeFirst()) !== undefined;
}

/** Loads the demo data into an empty, migrated database, in one transaction. */
export async function seedDemoData(db: Kysely<Database>, options: SeedOptions = {}): Promise<void> {
  const world = generateWorld(options);
  await db.transaction().execute(async (trx) => {
    for (const seed of SEEDS) await seed(trx, world);
  });
}

async function seedFromCommandLine(): Promise<void> {
  const { databaseOptionsOf, loadConfig } = await import("../config.ts");
  const { openDatabase } = await import("./connection.ts");
  const { migrateToLatest } = await import("./migrate.ts");
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsOf(config));
  try {
    await migrateToLatest(database.direct);
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
