// The server behind PgBouncer in transaction pooling mode (.ci/run starts one on the test cluster;
// DATABASE_POOLER_URL_TEST): locks that must hold across instances hold whichever server
// connection the pooler hands out, and a request whose connection the pooler drops is read again
// once, or refused cleanly when it writes. Skipped without the pooler.
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withAdministrationLock } from "../admin/administrationLock.repository.ts";
import { withJobLock } from "../jobs/lock.ts";
import { bearer, STAFF_EMAIL, startTestApp, type TestApp } from "../../tests/support/testApp.ts";
import { POOLER_CONFIGURED } from "../../tests/support/pooledDatabase.ts";
import { openDatabase, type DatabaseHandle } from "./connection.ts";

/** A promise and the function that settles it: work held open until the test lets it end. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((done) => (open = done));
  return { open, opened };
}

describe.runIf(POOLER_CONFIGURED)("behind PgBouncer in transaction pooling mode", () => {
  let server: TestApp;
  let direct: pg.Client;
  let databaseName: string;
  const instances: DatabaseHandle[] = [];

  /** Another server instance on the same database through the pooler: a pool of its own. */
  async function anotherInstance(): Promise<DatabaseHandle> {
    const url = new URL(process.env.DATABASE_POOLER_URL_TEST!);
    url.pathname = `/${databaseName}`;
    const instance = await openDatabase({ url: url.toString() });
    instances.push(instance);
    return instance;
  }

  /** A command of PgBouncer's admin console (the pooler's own database, simple queries only). */
  async function pooler(command: string): Promise<pg.QueryResult> {
    const url = new URL(process.env.DATABASE_POOLER_URL_TEST!);
    url.pathname = "/pgbouncer";
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return await client.query(command);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    server = await startTestApp({ engine: "pooler" });
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(server.database.db);
    databaseName = rows[0]!.name;
    const url = new URL(process.env.DATABASE_URL_TEST!);
    url.pathname = `/${databaseName}`;
    direct = new pg.Client({ connectionString: url.toString() });
    await direct.connect();
  }, 120_000);
  afterAll(async () => {
    await direct?.end();
    await Promise.all(instances.map((instance) => instance.close()));
    await server?.close();
  });

  it("runs a job on one instance at a time, whichever server connection the other instance is given", async () => {
    const [first, second] = [await anotherInstance(), await anotherInstance()];
    const running = gate();
    const inside = gate();
    const run = withJobLock(first.db, 7, async () => {
      inside.open();
      await running.opened;
      return "first";
    });
    await inside.opened;
    // The pooler hands out the connection released last first: the one the lock was taken on, when
    // that lock was a session's.
    expect(await withJobLock(second.db, 7, async () => "second")).toEqual({ ran: false });
    running.open();
    expect(await run).toEqual({ ran: true, value: "first" });
    expect(await withJobLock(second.db, 7, async () => "second")).toEqual({ ran: true, value: "second" });
  });

  it("makes an administrative change wait for another instance's, and leaves no lock behind", async () => {
    const [first, second] = [await anotherInstance(), await anotherInstance()];
    const order: string[] = [];
    const running = gate();
    const inside = gate();
    const firstChange = withAdministrationLock(first.db, async () => {
      inside.open();
      await running.opened;
      order.push("first");
    });
    await inside.opened;
    const secondChange = withAdministrationLock(second.db, async () => void order.push("second"));
    await new Promise((done) => setTimeout(done, 300));
    expect(order).toEqual([]);
    running.open();
    await Promise.all([firstChange, secondChange]);
    expect(order).toEqual(["first", "second"]);
    const { rows } = await direct.query("select count(*)::int as held from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())");
    expect(rows[0].held).toBe(0);
  });

  describe("when the pooler drops every connection mid-request", () => {
    /**
     * Holds the members table from the direct connection, sends the request, and once its query
     * waits on the table, drops the pooler's connections to the database (PgBouncer's KILL: new
     * ones wait until RESUME), lets new ones through and frees the table.
     */
    async function droppedMidRequest(send: () => Promise<Response>): Promise<Response> {
      await direct.query("begin");
      await direct.query("lock table members in access exclusive mode");
      const answer = send();
      for (let waited = 0; ; waited += 50) {
        const { rows } = await direct.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
        if (rows[0].n > 0) break;
        if (waited > 20_000) throw new Error("the request never waited on the members table");
        await new Promise((done) => setTimeout(done, 50));
      }
      await pooler(`KILL ${databaseName}`);
      await pooler(`RESUME ${databaseName}`);
      await direct.query("commit");
      return answer;
    }

    let baseUrl: string;
    let token: string;
    beforeAll(async () => {
      baseUrl = `${await server.app.listen({ port: 0, host: "127.0.0.1" })}/api`;
      token = await server.sessionOf(STAFF_EMAIL);
    });

    it("answers a read after asking once more", async () => {
      const answer = await droppedMidRequest(() => fetch(`${baseUrl}/Members/getMembersTableData?page=1&limit=15`, { headers: bearer(token) }));
      expect(answer.status, await answer.clone().text()).toBe(200);
      expect(((await answer.json()) as { members: unknown[] }).members).toHaveLength(15);
    });

    it("refuses a change with 503 and writes none of it", async () => {
      const { rows } = await direct.query("select m.id, m.subscriber_id, m.pat_num, m.practice_id, w.result from members m join member_work w on w.member_id = m.id order by m.id limit 1");
      const member = rows[0];
      const savesOf = async () => (await direct.query("select count(*)::int as n from results where member_id = $1", [member.id])).rows[0].n as number;
      const before = await savesOf();
      const answer = await droppedMidRequest(() =>
        fetch(`${baseUrl}/Members/saveResult`, {
          method: "POST",
          headers: { ...bearer(token), "content-type": "application/json" },
          body: JSON.stringify({ sid: member.subscriber_id, patnum: member.pat_num, practice: member.practice_id, addLocation: "callCenter", Result: "Left message" }),
        }),
      );
      expect([answer.status, ((await answer.json()) as { message: string }).message]).toEqual([
        503,
        "The connection to the database broke before this change was confirmed: look whether it was saved, then try again.",
      ]);
      // The dropped transaction's backend ends once it reads its next command from a closed socket.
      await new Promise((done) => setTimeout(done, 500));
      const after = await direct.query("select result from member_work where member_id = $1", [member.id]);
      expect([after.rows[0].result, await savesOf()]).toEqual([member.result, before]);
    });
  });
});
