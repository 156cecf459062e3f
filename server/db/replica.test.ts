// Reads from a streaming replica (.ci/run starts one of the test cluster; DATABASE_REPLICA_URL_TEST),
// the server reaching its primary through the pooler: reports come from the replica, the members
// list an agent works from the primary; a replica whose replay is paused falls behind and loses
// its reads to the primary, as does one that stops; one of another database is refused at start.
// Skipped without the replica and the pooler.
import { createServer, Socket, type Server } from "node:net";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { ADMIN_EMAIL, bearer, STAFF_EMAIL, startTestApp, type TestApp } from "../../tests/support/testApp.ts";
import { POOLER_CONFIGURED } from "../../tests/support/pooledDatabase.ts";
import { leadPeriodBounds } from "../../domain/reports/leadData.ts";

const REPLICA_CONFIGURED = POOLER_CONFIGURED && Boolean(process.env.DATABASE_REPLICA_URL_TEST);

/** A TCP relay in front of the replica, which the test can stop as the replica's server would. */
async function relayTo(port: number): Promise<{ port: number; stop: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = new Socket().connect(port, "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return {
    port: (server.address() as { port: number }).port,
    stop: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

function inDatabase(url: string, database: string, port?: number): string {
  const address = new URL(url);
  address.pathname = `/${database}`;
  if (port !== undefined) address.port = String(port);
  return address.toString();
}

describe.runIf(REPLICA_CONFIGURED)("reads from a streaming replica", () => {
  let server: TestApp;
  let databaseName: string;
  let replicaAdmin: pg.Client;
  let admin: string;
  let staff: string;
  const closing: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    server = await startTestApp({ engine: "pooler" });
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(server.database.db);
    databaseName = rows[0]!.name;
    replicaAdmin = new pg.Client({ connectionString: inDatabase(process.env.DATABASE_REPLICA_URL_TEST!, databaseName) });
    // The database was just made on the primary: the replica has it once it replayed that far.
    for (let tries = 0; ; tries += 1) {
      try {
        await replicaAdmin.connect();
        break;
      } catch (error) {
        if (tries > 50) throw error;
        replicaAdmin = new pg.Client({ connectionString: inDatabase(process.env.DATABASE_REPLICA_URL_TEST!, databaseName) });
        await new Promise((done) => setTimeout(done, 200));
      }
    }
    admin = await server.sessionOf(ADMIN_EMAIL);
    staff = await server.sessionOf(STAFF_EMAIL);
  }, 120_000);
  afterEach(async () => {
    await replicaAdmin.query("select pg_wal_replay_resume()");
    while (closing.length > 0) await closing.pop()!();
  });
  // Dropping the test's database waits for a checkpoint, which a busy machine makes slow.
  afterAll(async () => {
    await replicaAdmin?.end();
    await server?.close();
  }, 60_000);

  /** An app on the test's database with these replicas, beside the test's own. */
  async function appWith(replicaUrls: string[], maxLagSeconds = 5) {
    const config = loadConfig({
      NODE_ENV: "test",
      DATABASE_URL: "postgres://the-database-below",
      DATABASE_REPLICA_URL: replicaUrls.join(","),
      REPLICA_MAX_LAG_SECONDS: String(maxLagSeconds),
      LOG_LEVEL: "warn",
    });
    const warnings: string[] = [];
    const app = await buildApp({ config, database: server.database, logger: { write: (line) => void warnings.push(JSON.parse(line).msg) } });
    closing.push(() => app.close());
    return { app, warnings };
  }

  const priorityReport = async (app: Awaited<ReturnType<typeof appWith>>["app"]) => {
    const answer = await app.inject({ method: "GET", url: "/api/report/priority-status-report", headers: bearer(admin) });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.body;
  };

  /** Writes on the primary something the priority report counts: a treatment's priority changes. */
  async function changeAMember(): Promise<void> {
    await sql`update treatment_priorities set priority = case when priority = 'P1' then 'P2' else 'P1' end where id = (select min(id) from treatment_priorities)`.execute(server.database.db);
  }

  async function replayed(): Promise<void> {
    const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(server.database.direct);
    for (;;) {
      const caught = await replicaAdmin.query("select pg_last_wal_replay_lsn() >= $1::pg_lsn as caught", [rows[0]!.lsn]);
      if (caught.rows[0].caught) return;
      await new Promise((done) => setTimeout(done, 50));
    }
  }

  it("answers reports from the replica (what it has not replayed is not in them) and the members list from the primary", async () => {
    const { app } = await appWith([inDatabase(process.env.DATABASE_REPLICA_URL_TEST!, databaseName)], 3600);
    await replayed();
    const before = await priorityReport(app);
    await replicaAdmin.query("select pg_wal_replay_pause()");
    await changeAMember();
    expect(await priorityReport(app)).toBe(before);
    const list = await app.inject({ method: "GET", url: "/api/Members/getMembersTableData?page=1&limit=15", headers: bearer(staff) });
    expect(list.statusCode).toBe(200);
    await replicaAdmin.query("select pg_wal_replay_resume()");
    await replayed();
    expect(await priorityReport(app)).not.toBe(before);
  });

  it("answers a session's reports from the primary until the replica has replayed that session's save, and others' from the replica", async () => {
    const { app } = await appWith([inDatabase(process.env.DATABASE_REPLICA_URL_TEST!, databaseName)], 3600);
    await replayed();
    const list = await app.inject({ method: "GET", url: "/api/Members/getMembersTableData?pageNum=1&pageSize=15&company=all&result=&status=all", headers: bearer(staff) });
    expect(list.statusCode, list.body).toBe(200);
    const member = list.json().members[0];
    const confirmed = async (token: string) => {
      const params = JSON.stringify({ brand: "all", mco: "all", region: "all", practice: [member.practiceId], result: "Confirm" });
      const answer = await app.inject({ method: "GET", url: `/api/Members/members-status-report?params=${encodeURIComponent(params)}`, headers: bearer(token) });
      expect(answer.statusCode, answer.body).toBe(200);
      // Every answer of a read that may come from a replica says how old its data is.
      expect(answer.headers["data-age"]).toMatch(/^\d+$/);
      return answer.json().totals.extractedMembers as number;
    };
    const before = await confirmed(admin);
    await replicaAdmin.query("select pg_wal_replay_pause()");
    const saved = await app.inject({
      method: "POST",
      url: "/api/Members/saveResult",
      headers: bearer(staff),
      payload: { sid: member.Subscriber_ID, Result: "Confirm", patnum: member.PatNum, practice: member.practiceId, addLocation: "callCenter" },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(await confirmed(staff)).toBe(before + 1);
    expect(await confirmed(admin)).toBe(before);
    await replicaAdmin.query("select pg_wal_replay_resume()");
    await replayed();
    expect(await confirmed(admin)).toBe(before + 1);
  });

  it("answers the reports asked by POST from the replica, and leaves the session's later reports on it", async () => {
    const { app } = await appWith([inDatabase(process.env.DATABASE_REPLICA_URL_TEST!, databaseName)], 3600);
    await replayed();
    const leadData = async () => {
      const answer = await app.inject({ method: "POST", url: "/api/report/lead-data-report", headers: bearer(admin), payload: { mode: "periods", ...leadPeriodBounds(new Date()) } });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers["data-age"]).toMatch(/^\d+$/);
      return answer.body;
    };
    const leadsBefore = await leadData();
    const priorityBefore = await priorityReport(app);
    await replicaAdmin.query("select pg_wal_replay_pause()");
    await sql`insert into leads (practice_id, stage, created_at, outcome, source) values ((select min(id) from practices), 'Lead', now(), 'open', 'Call Center')`.execute(server.database.db);
    await changeAMember();
    expect(await leadData()).toBe(leadsBefore);
    expect(await priorityReport(app)).toBe(priorityBefore);
    await replicaAdmin.query("select pg_wal_replay_resume()");
    await replayed();
    expect(await leadData()).not.toBe(leadsBefore);
  });

  it("sends the reads to the primary while the replica is further behind than REPLICA_MAX_LAG_SECONDS, and /metrics and /readyz say so", async () => {
    const { app } = await appWith([inDatabase(process.env.DATABASE_REPLICA_URL_TEST!, databaseName)], 1);
    await replayed();
    await replicaAdmin.query("select pg_wal_replay_pause()");
    const before = await priorityReport(app);
    await changeAMember();
    // The replica's lag is the age of the last transaction it replayed: a second and a bit.
    await new Promise((done) => setTimeout(done, 1_500));
    await changeAMember();
    await changeAMember();
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    const lagging = async () => (await app.inject({ method: "GET", url: "/readyz" })).json().replicas[0].health;
    for (let waited = 0; (await lagging()) !== "lagging"; waited += 100) {
      if (waited > 10_000) throw new Error(`the replica never counted as lagging: ${ready.body}`);
      await new Promise((done) => setTimeout(done, 100));
    }
    expect(await priorityReport(app)).not.toBe(before);
    const metrics = (await app.inject({ method: "GET", url: "/metrics" })).body;
    expect(metrics).toMatch(/recall_db_replica_serving\{replica="[^"]+"\} 0/);
    expect(Number(/recall_db_replica_lag_seconds\{replica="[^"]+"\} ([\d.]+)/.exec(metrics)?.[1])).toBeGreaterThan(1);
  });

  it("answers every read when the replica stops mid-run: they go to the primary", async () => {
    const replicaPort = Number(new URL(process.env.DATABASE_REPLICA_URL_TEST!).port || 5432);
    const relay = await relayTo(replicaPort);
    const { app } = await appWith([inDatabase(process.env.DATABASE_REPLICA_URL_TEST!, databaseName, relay.port)], 3600);
    await replayed();
    expect(await priorityReport(app)).toBeTruthy();
    await relay.stop();
    for (let i = 0; i < 5; i += 1) expect(await priorityReport(app)).toBeTruthy();
    expect((await app.inject({ method: "GET", url: "/readyz" })).json()).toMatchObject({ status: "ok", replicas: [{ health: "unreachable" }] });
  });

  it("works with a replica address that is the primary, and says so once", async () => {
    const { app, warnings } = await appWith([inDatabase(process.env.DATABASE_URL_TEST!, databaseName)]);
    expect(await priorityReport(app)).toBeTruthy();
    await new Promise((done) => setTimeout(done, 1_200));
    expect(warnings.filter((line) => /accepts writes: it is a primary, not a replica/.test(line))).toHaveLength(1);
  });

  it("refuses at start, in one line, a replica of another database", async () => {
    await expect(appWith([inDatabase(process.env.DATABASE_REPLICA_URL_TEST!, "postgres")])).rejects.toThrow(
      /^DATABASE_REPLICA_URL 127\.0\.0\.1:\d+\/postgres is refused: the schema's migration version differs/,
    );
  });
});
