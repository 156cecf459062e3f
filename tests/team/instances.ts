// Two server instances on one PostgreSQL for `npm run test:team`: a schema of its own in
// DATABASE_URL_TEST holding the demo data around today, and `node server/main.ts` started twice on
// it (the API and the built app), each in a process group of its own so that it can be killed
// outright (SIGKILL) as a crashing machine would be.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { sql } from "kysely";
import { openDatabase, type DatabaseHandle } from "../../server/db/connection.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { seedDemoData } from "../../server/db/seed.ts";

const ROOT = resolve(import.meta.dirname, "../..");

export interface Instance {
  name: string;
  baseURL: string;
  /** Whatever the process printed, for a failure's message. */
  output: () => string;
  /** SIGKILL to the whole process group: nothing is flushed or closed. */
  kill: () => Promise<void>;
  stop: () => Promise<void>;
}

export interface TeamDatabase {
  /** DATABASE_URL of the instances: the test's schema first on the search path. */
  url: string;
  database: DatabaseHandle;
  drop: () => Promise<void>;
}

/** A fresh schema with the demo world (1,500 members) lying around today. */
export async function teamDatabase(baseUrl: string): Promise<TeamDatabase> {
  const schema = `team_${process.pid}_${Date.now()}`;
  const admin = await openDatabase({ url: baseUrl });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.close();
  const database = await openDatabase({ url: baseUrl, schema });
  await migrateToLatest(database.db);
  await seedDemoData(database.db, { size: 1500, today: new Date() });
  const url = new URL(baseUrl);
  url.searchParams.set("options", `-c search_path=${schema},public`);
  return {
    url: url.toString(),
    database,
    drop: async () => {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db);
      await database.close();
    },
  };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done, fail) => probe.once("error", fail).listen(0, "127.0.0.1", done));
  const address = probe.address();
  await new Promise((done) => probe.close(done));
  if (address === null || typeof address === "string") throw new Error("no free port");
  return address.port;
}

const groups = new Set<number>();
process.on("exit", () => groups.forEach((pid) => signalGroup(pid, "SIGKILL")));

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

export async function startInstance(name: string, databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `recall-team-${name}-`));
  const child = spawn(process.execPath, [join(ROOT, "server/main.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PATH: [dirname(process.execPath), process.env.PATH].join(":"),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SCHEDULER: "off",
      SIGN_IN_RATE_LIMIT: "100000",
    },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const pid = child.pid!;
  groups.add(pid);
  const output: string[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  let exitedHow: string | undefined;
  const exited = new Promise<void>((done) => child.once("exit", (code, signal) => ((exitedHow = `exited (code ${code}, signal ${signal})`), done())));
  const baseURL = `http://127.0.0.1:${port}`;
  const end = async (signal: NodeJS.Signals) => {
    if (!groups.delete(pid)) return;
    signalGroup(pid, signal);
    const timer = setTimeout(() => signalGroup(pid, "SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const instance: Instance = { name, baseURL, output: () => output.join(""), kill: () => end("SIGKILL"), stop: () => end("SIGTERM") };

  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && exitedHow === undefined) {
    try {
      const answer = await fetch(`${baseURL}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await answer.body?.cancel();
      if (answer.ok) return instance;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  await instance.kill();
  throw new Error(`instance ${name} ${exitedHow ?? "did not become ready in 90 s"}:\n${instance.output()}`);
}
