// The app of one server test file on the demo data, on either engine: PGlite from the cached seeded
// template, or PostgreSQL 15 in a database of its own copied from the seeded template on the
// cluster of DATABASE_URL_TEST (postgresTemplate.ts, as tests/contract/target.ts does), dropped
// again on close. Sessions are opened in the database directly, so tests that need
// many of them do not meet the sign-in rate limit.
import { sql } from "kysely";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { openDatabase, type DatabaseHandle } from "../../server/db/connection.ts";
import { findStaffByEmail, openSession } from "../../server/auth/sessions.repository.ts";
import { createPooledDatabase } from "./pooledDatabase.ts";
import { copyOfTemplate } from "./postgresTemplate.ts";
import { DEMO_SIZE, seededPGlite } from "./testDatabase.ts";

/** "pooler": PostgreSQL through PgBouncer, a database of its own (tests/support/pooledDatabase.ts). */
export type Engine = "pglite" | "postgres" | "pooler";

/** PGlite always; PostgreSQL 15 too when DATABASE_URL_TEST names one. */
export const ENGINES: Engine[] = process.env.DATABASE_URL_TEST ? ["pglite", "postgres"] : ["pglite"];

/** The seeded demo staff (demo/staff.ts). */
export const ADMIN_EMAIL = "alicia.moreno@recalldesk.example";
export const STAFF_EMAIL = "marcus.reed@recalldesk.example";

export interface TestAppOptions {
  engine?: Engine;
  /** Environment variables for loadConfig (NODE_ENV is "test" unless given). */
  env?: NodeJS.ProcessEnv;
  now?: () => Date;
  queueStatesAwaitedUpTo?: number;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  /** PostgreSQL: the URL of the app's own database (a second instance, a command on the same data). */
  url: string | undefined;
  /** A new session of a seeded user, opened at the app's time; its bearer token. */
  sessionOf: (email: string) => Promise<string>;
  close: () => Promise<void>;
}

/** The seeded database of the engine; `url` is PostgreSQL's, for a second instance or a command on it. */
async function openSeeded(engine: Engine): Promise<{ database: DatabaseHandle; url: string | undefined; drop: () => Promise<void> }> {
  if (engine === "pglite") {
    return { database: await seededPGlite(), url: undefined, drop: async () => {} };
  }
  if (engine === "pooler") {
    const pooled = await createPooledDatabase("server_test", { size: DEMO_SIZE });
    return { database: await openDatabase({ url: pooled.url, directUrl: pooled.directUrl }), url: pooled.directUrl, drop: pooled.drop };
  }
  const copy = await copyOfTemplate("server_test", { size: DEMO_SIZE });
  return { database: await openDatabase({ url: copy.url }), url: copy.url, drop: copy.drop };
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: "test", ...options.env });
  const { database, url, drop } = await openSeeded(options.engine ?? "pglite");
  const now = options.now ?? (() => new Date());
  const app = await buildApp({ config, database, now, queueStatesAwaitedUpTo: options.queueStatesAwaitedUpTo });
  const rules = { idleMs: config.sessionIdleMs, lifetimeMs: config.sessionLifetimeMs };
  return {
    app,
    database,
    url,
    async sessionOf(email) {
      const user = await findStaffByEmail(database.db, email);
      if (!user) throw new Error(`${email} is not a seeded user`);
      return (await openSession(database.db, user.id, rules, now())).token;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
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
