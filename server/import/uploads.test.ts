// @vitest-environment node
// A member file from the browser on the real app: the request's body received into the file store
// as it arrives (in parts, a refused one leaving none), answered 202 once it is kept, read into batches (each with its refused rows and the run's count of rows read) and written
// batch by batch (each with the run's count of rows written), and, when the server stops halfway,
// gone on with from its last committed batch at the next start, the run saying so, the data that of
// one clean run. On PGlite, and on PostgreSQL 15 when
// DATABASE_URL_TEST is set.
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { MEMBER_BATCH_ROWS } from "./memberLayout.ts";
import { ADMIN_EMAIL, bearer, ENGINES, startTestApp, type App, type TestApp } from "../../tests/support/testApp.ts";

vi.setConfig({ testTimeout: 180_000 });

const HEADER = "Subscriber_ID,MCO,First_Name,Last_Name,Practice,Date_of_Birth";

/** `rows` rows of new members of `practice` (subscriber ids `prefix`1…), some broken on purpose. */
function memberFile(prefix: string, rows: number, practice: string, broken: Record<number, string> = {}): string {
  const lines = [HEADER];
  for (let index = 1; index <= rows; index += 1) lines.push(broken[index] ?? `${prefix}${index},DentaQuest CHIP,Ann,Lee${index},${practice},2014-05-06`);
  return `${lines.join("\n")}\n`;
}

const extraApps: App[] = [];
afterEach(async () => {
  for (const app of extraApps.splice(0)) await app.close();
});

async function dentaPractice(testApp: TestApp): Promise<string> {
  const { rows } = await sql<{ abbr: string }>`select abbr from practices where 'denta' = any(brands) order by id limit 1`.execute(testApp.database.db);
  return rows[0]!.abbr;
}

const runOf = async (testApp: TestApp, id: number) =>
  testApp.database.db.selectFrom("job_runs").select(["status", "message", "rows_read", "rows_written", "rows_rejected"]).where("id", "=", id).executeTakeFirstOrThrow();

const membersNamed = async (testApp: TestApp, prefix: string) => {
  const { rows } = await sql<{ n: string; distinct: string }>`
    select count(*) as n, count(distinct subscriber_id) as distinct from members where subscriber_id like ${`${prefix}%`}`.execute(testApp.database.db);
  return { count: Number(rows[0]!.n), distinct: Number(rows[0]!.distinct) };
};

const keptParts = async (testApp: TestApp) =>
  Number((await sql<{ n: string }>`select count(*) as n from stored_files where area = 'imports'`.execute(testApp.database.db)).rows[0]!.n);

const keptBatches = async (testApp: TestApp) => Number((await sql<{ n: string }>`select count(*) as n from import_batches`.execute(testApp.database.db)).rows[0]!.n);

async function upload(app: App, token: string, fileName: string, content: string | Buffer) {
  return app.inject({
    method: "POST",
    url: "/api/Members/imports",
    query: { fileName, extractedAt: "2026-11-16T06:00:00Z" },
    headers: { ...bearer(token), "content-type": "text/csv" },
    payload: content,
  });
}

async function ended(testApp: TestApp, id: number) {
  return vi.waitFor(
    async () => {
      const run = await runOf(testApp, id);
      if (run.status === "running") throw new Error(`still running: ${run.message}`);
      return run;
    },
    { timeout: 170_000, interval: 50 },
  );
}

describe.each(ENGINES)("a member file from the browser, on %s", (engine) => {
  // One database for the file's runs, each with members, parts and batches of its own and ended
  // before the next; the last one stops the app and starts another on the same database.
  let shared: TestApp;
  beforeAll(async () => {
    shared = await startTestApp({ engine });
  }, 180_000);
  afterAll(async () => {
    await shared?.close();
  });

  it("answers 202 once the file is kept in the file store, and removes it when the run ends", async () => {
    const server = shared;
    const token = await server.sessionOf(ADMIN_EMAIL);
    // Two batches: the run is still writing when the answer comes.
    const content = memberFile("U", 1000, await dentaPractice(server));
    const answer = await upload(server.app, token, "DENTA_KEPT.csv", content);
    expect(answer.statusCode).toBe(202);
    const run = answer.json();
    expect(run).toMatchObject({ file: "DENTA_KEPT.csv", brand: "denta", status: "running", endedAt: null, bytesTotal: Buffer.byteLength(content) });
    // Kept before the answer: the file's parts and what the import needs of it.
    expect(await keptParts(server)).toBeGreaterThan(0);
    expect(await ended(server, run.id)).toMatchObject({ status: "success", rows_written: 1000, message: "Imported 1,000 rows from DENTA_KEPT.csv, 0 rejected" });
    expect(await keptParts(server)).toBe(0);
  });

  it("keeps a file of several parts whole, a character cut between two parts included; a refused file leaves no part", async () => {
    const server = shared;
    const token = await server.sessionOf(ADMIN_EMAIL);
    const practice = await dentaPractice(server);
    // 1,500 rows of about 400 bytes, their addresses long (two parts of 512 KiB, few rows to write); the
    // header padded so that the "u" of one row's "Muller" falls on the first part's last byte, then
    // made a "ü": its two bytes are cut between the parts.
    const rows = 1500;
    const [street, city] = ["S".repeat(200), "C".repeat(150)];
    const lines = [
      `${HEADER},Address1,City`,
      ...Array.from({ length: rows }, (_, index) => `P${String(index + 1).padStart(6, "0")},DentaQuest CHIP,Ann,Muller,${practice},2014-05-06,${street},${city}`),
    ];
    const firstPartEnds = 512 * 1024 - 1;
    // The "u" of each row's "Muller", by byte; the last row whose "u" is within the first part.
    let at = 0;
    let cutRow = 1;
    let cutU = 0;
    for (const [index, line] of lines.entries()) {
      const u = at + line.indexOf("Muller") + 1;
      if (index > 0 && u <= firstPartEnds) [cutRow, cutU] = [index, u];
      at += line.length + 1;
    }
    lines[0] = `${lines[0]}${" ".repeat(firstPartEnds - cutU)}`;
    lines[cutRow] = lines[cutRow]!.replace("Muller", "M\u00fcller");
    const content = Buffer.from(`${lines.join("\n")}\n`);
    expect(content.subarray(firstPartEnds, firstPartEnds + 2).toString("utf8")).toBe("\u00fc");
    const answer = await upload(server.app, token, "DENTA_PARTS.csv", content);
    expect(answer.statusCode).toBe(202);
    expect(await keptParts(server)).toBe(3);
    expect(await ended(server, answer.json().id)).toMatchObject({ status: "success", rows_written: rows });
    const subscriber = `P${String(cutRow).padStart(6, "0")}`;
    const { rows: cut } = await sql<{ last_name: string }>`select last_name from members where subscriber_id = ${subscriber}`.execute(server.database.db);
    expect(cut).toEqual([{ last_name: "M\u00fcller" }]);

    // Not UTF-8 in its last part: refused once received, and its parts removed.
    const latin1 = Buffer.concat([content, Buffer.from([0x4d, 0xfc, 0x0a])]);
    const refused = await upload(server.app, token, "DENTA_LATIN1.csv", latin1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ field: "body", message: "DENTA_LATIN1.csv is not a text file: save the payer's list as CSV (UTF-8) and choose that file." }]);
    expect(await keptParts(server)).toBe(0);
  });

  it("writes in batches of the engine's size, each with its refused rows and the run's counts", async () => {
    const server = shared;
    const token = await server.sessionOf(ADMIN_EMAIL);
    const practice = await dentaPractice(server);
    const size = MEMBER_BATCH_ROWS[engine === "pglite" ? "pglite" : "postgres"];
    const rows = 2 * size + 10;
    const answer = await upload(server.app, token, "DENTA_BATCHES.csv", memberFile("W", rows, practice, { 10: "W10,DentaQuest CHIP,Ann,,X,2014-05-06", [size + 3]: `W${size + 3},,Ann,Lee,X,2014-05-06` }));
    const run = await ended(server, answer.json().id);
    expect(run).toMatchObject({ status: "success", rows_read: rows, rows_written: rows - 2, rows_rejected: 2 });
    const { rows: audits } = await sql<{ n: number }>`
      select cardinality(member_ids) as n from audit_log where action = 'importMembers DENTA_BATCHES.csv' order by id`.execute(server.database.db);
    // `size` rows read a batch; the refused ones are in their batch's transaction, not among its members.
    // Two writers side by side on PostgreSQL: the batches' audits in either order.
    expect(audits.map((audit) => audit.n).sort((a, b) => a - b)).toEqual([10, size - 1, size - 1]);
    expect(await membersNamed(server, "W")).toEqual({ count: rows - 2, distinct: rows - 2 });
  });

  it("goes on from its last committed batch at the next start after a server stop, and says so", async () => {
    const server = shared;
    const token = await server.sessionOf(ADMIN_EMAIL);
    const practice = await dentaPractice(server);
    const rows = 6000;
    // A refused row before the stop and after it, and a duplicate of a row read before the stop.
    const content = memberFile("R", rows, practice, { 2: `R2,DentaQuest CHIP,Ann,,${practice},2014-05-06`, [rows - 1]: `R7,DentaQuest CHIP,Ann,Lee7,${practice},2014-05-06` });
    const started = (await upload(server.app, token, "DENTA_STOPPED.csv", content)).json();
    await vi.waitFor(
      async () => {
        if ((await runOf(server, started.id)).rows_written! < 1000) throw new Error("not two batches written yet");
      },
      { timeout: 120_000, interval: 20 },
    );
    await server.app.close();

    const stopped = await runOf(server, started.id);
    expect(stopped.status).toBe("running");
    expect(stopped.message).toMatch(/^Interrupted by a server stop after [\d,]+ rows of DENTA_STOPPED\.csv were written \([\d,]+ read\): it goes on from there when the server starts again$/);
    // Stopped halfway: whole batches read, and fewer written.
    expect(stopped.rows_read! % MEMBER_BATCH_ROWS[engine === "pglite" ? "pglite" : "postgres"] === 0 || stopped.rows_read === rows).toBe(true);
    expect(stopped.rows_written).toBeLessThan(rows - 2);
    // Whole batches only: the members written are exactly the rows counted as written.
    expect((await membersNamed(server, "R")).count).toBe(stopped.rows_written);
    expect(await keptParts(server)).toBeGreaterThan(0);

    const restarted = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), database: server.database });
    extraApps.push(restarted);
    const run = await ended(server, started.id);
    expect(run).toMatchObject({ status: "success", rows_read: rows, rows_written: rows - 2, rows_rejected: 2 });
    expect(run.message).toBe(
      `Resumed after a server stop, after the ${stopped.rows_written!.toLocaleString("en-US")} rows written before it: ` +
        `Imported ${(rows - 2).toLocaleString("en-US")} rows from DENTA_STOPPED.csv, 2 rejected (row 3: missing Last_Name; row ${rows}: duplicate Subscriber_ID in file (same practice as line 8))`,
    );
    expect(await membersNamed(server, "R")).toEqual({ count: rows - 2, distinct: rows - 2 });
    const { rows: rejections } = await sql<{ line: number }>`select line from job_run_rejections where run_id = ${started.id} order by line`.execute(server.database.db);
    expect(rejections.map((rejection) => rejection.line)).toEqual([3, rows]);
    expect(await keptParts(server)).toBe(0);
    expect(await keptBatches(server)).toBe(0);
  });
});
