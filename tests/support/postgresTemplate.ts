// Databases of the test cluster (DATABASE_URL_TEST) copied from a template: the migrated schema,
// with the demo data when asked, made once per change of the sources that shape it (the hash of
// server/db/template.ts, as PGlite's cached dump) and kept on the cluster, so that each test copies
// it (CREATE DATABASE … TEMPLATE) in a fraction of the time migrating and seeding take. One process
// makes a template at a time (an advisory lock); templates of other sources are dropped a day after
// they were made. Each copy is a database of its own, dropped again when its test ends.
import { sql } from "kysely";
import pg from "pg";
import { openDatabase } from "../../server/db/connection.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { seedDemoData, type SeedOptions } from "../../server/db/seed.ts";
import { sourceHash, workOutQueueStates } from "../../server/db/template.ts";

const PREFIX = "recall_template_";
const KEPT_MS = 24 * 3_600_000;
const UNDEFINED_DATABASE = "3D000";

export interface DatabaseCopy {
  name: string;
  /** The copy through DATABASE_URL_TEST's server and credentials. */
  url: string;
  /** Drops the copy, ending any connection still open to it. */
  drop: () => Promise<void>;
}

export function inDatabase(url: string, database: string): string {
  const address = new URL(url);
  address.pathname = `/${database}`;
  return address.toString();
}

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function templateName(seed: SeedOptions | null): string {
  return `${PREFIX}${seed ? `demo_${seed.size ?? "default"}` : "empty"}_${sourceHash(seed ?? {})}`;
}

/** Makes the template under the lock unless it exists; drops unfinished ones and those of a day ago. */
async function ensureTemplate(url: string, name: string, seed: SeedOptions | null): Promise<void> {
  const exists = async (client: pg.Client) => (await client.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
  if (await onServer(url, exists)) return;
  await onServer(url, async (client) => {
    await client.query("select pg_advisory_lock(hashtext('recall-desk test templates'))");
    try {
      if (await exists(client)) return;
      await dropStale(client, name);
      const part = `${name}_part`;
      await client.query(`create database ${part}`);
      const database = await openDatabase({ url: inDatabase(url, part) });
      try {
        await migrateToLatest(database.db);
        if (seed) {
          await seedDemoData(database.db, seed);
          await workOutQueueStates(database.db);
        }
        await sql`vacuum analyze`.execute(database.db);
      } finally {
        await database.close();
      }
      await client.query(`alter database ${part} rename to ${name}`);
      await client.query(`comment on database ${name} is '${new Date().toISOString()}'`);
    } finally {
      await client.query("select pg_advisory_unlock(hashtext('recall-desk test templates'))");
    }
  });
}

/** Templates left unfinished (only the lock's holder makes one), and those made over a day ago. */
async function dropStale(client: pg.Client, keep: string): Promise<void> {
  const { rows } = await client.query<{ datname: string; made: string | null }>(
    `select d.datname, shobj_description(d.oid, 'pg_database') as made from pg_database d where d.datname like $1 and d.datname <> $2`,
    [`${PREFIX}%`, keep],
  );
  for (const { datname, made } of rows) {
    const unfinished = datname.endsWith("_part");
    if (!unfinished && made !== null && Date.now() - Date.parse(made) < KEPT_MS) continue;
    // A template another run is copying right now is dropped next time.
    await client.query(`drop database if exists ${datname}`).catch(() => {});
  }
}

/** A new database of the test cluster holding the migrated schema, and the demo data of `seed` when given. */
export async function copyOfTemplate(purpose: string, seed: SeedOptions | null): Promise<DatabaseCopy> {
  const url = process.env.DATABASE_URL_TEST;
  if (!url) throw new Error("DATABASE_URL_TEST is not set");
  const template = templateName(seed);
  const name = `${purpose}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  for (let attempt = 1; ; attempt += 1) {
    await ensureTemplate(url, template, seed);
    try {
      await onServer(url, (client) => client.query(`create database ${name} template ${template}`));
      break;
    } catch (error) {
      // Dropped by another run's clean-up between the check and the copy: made again.
      if ((error as { code?: string }).code !== UNDEFINED_DATABASE || attempt === 2) throw error;
    }
  }
  return {
    name,
    url: inDatabase(url, name),
    drop: () => onServer(url, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
