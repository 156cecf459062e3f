// The app of one server test file on the demo data, on either engine: PGlite from the cached seeded
// template, or PostgreSQL 15 in a fresh schema of DATABASE_URL_TEST (as tests/contract/target.ts
// does), dropped again on close. Sessions are opened in the database directly, so tests that need
// many of them do not meet the sign-in rate limit.
import { sql } from "kysely";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { openDatabase, type DatabaseHandle } from "../../server/db/connection.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { seedDemoData } from "../../server/db/seed.ts";
import { seededTemplate } from "../../server/db/template.ts";
import { findStaffByEmail, openSession } from "../../server/auth/sessions.repository.ts";
import { createPooledDatabase } from "./pooledDatabase.ts";

/** "pooler": PostgreSQL through PgBouncer, a database of its own (tests/support/pooledDatabase.ts). */
export type Engine = "pglite" | "postgres" | "pooler";

/** PGlite always; PostgreSQL 15 too when DATABASE_URL_TEST names one. */
export const ENGINES: Engine[] = process.env.DATABASE_URL_TEST ? ["pglite", "postgres"] : ["pglite"];

/** The seeded demo staff (demo/staff.ts). */
export const ADMIN_EMAIL = "alicia.moreno@recalldesk.example";
export const STAFF_EMAIL = "marcus.reed@recalldesk.example";

/** The size of the contract suite's server target: the cached PGlite template is shared with it. */
const DEMO_SIZE = 1500;

export interface TestAppOptions {
  engine?: Engine;
  /** Environment variables for loadConfig (NODE_ENV is "test" unless given). */
  env?: NodeJS.ProcessEnv;
  now?: () => Date;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  /** A new session of a seeded user, opened at the app's time; its bearer token. */
  sessionOf: (email: string) => Promise<string>;
  close: () => Promise<void>;
}

async function openSeeded(engine: Engine): Promise<{ database: DatabaseHandle; drop: () => Promise<void>; closesItself?: true }> {
  if (engine === "pglite") {
    return { database: await openDatabase({ dataDir: "memory://", template: await seededTemplate({ size: DEMO_SIZE }) }), drop: async () => {} };
  }
  if (engine === "pooler") {
    const pooled = await createPooledDatabase("server_test");
    const database = await openDatabase({ url: pooled.url, directUrl: pooled.directUrl });
    await migrateToLatest(database.direct);
    await seedDemoData(database.db, { size: DEMO_SIZE });
    return { database, drop: pooled.drop, closesItself: true };
  }
  const url = process.env.DATABASE_URL_TEST;
  if (!url) throw new Error("DATABASE_URL_TEST is not set");
  const schema = `server_test_${process.pid}_${Date.now()}`;
  const admin = await openDatabase({ url });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.close();
  const database = await openDatabase({ url, schema });
  await migrateToLatest(database.db);
  await seedDemoData(database.db, { size: DEMO_SIZE });
  return { database, drop: async () => void (await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db)) };
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: "test", ...options.env });
  const { database, drop, closesItself } = await openSeeded(options.engine ?? "pglite");
  const now = options.now ?? (() => new Date());
  const app = await buildApp({ config, database, now });
  const rules = { idleMs: config.sessionIdleMs, lifetimeMs: config.sessionLifetimeMs };
  return {
    app,
    database,
    async sessionOf(email) {
      const user = await findStaffByEmail(database.db, email);
      if (!user) throw new Error(`${email} is not a seeded user`);
      return (await openSession(database.db, user.id, rules, now())).token;
    },
    async close() {
      await app.close();
      // A database of its own is dropped after its connections close; a schema before.
      if (closesItself) {
        await database.close();
        await drop();
      } else {
        await drop();
        await database.close();
      }
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Opens every connection of the pool (PostgreSQL's 10) before requests are sent at once, so that
 * they really run side by side rather than one after another while connections are being made.
 */
export async function openEveryConnection(database: DatabaseHandle): Promise<void> {
  await Promise.all(Array.from({ length: 10 }, () => sql`select pg_sleep(0.05)`.execute(database.db)));
}
