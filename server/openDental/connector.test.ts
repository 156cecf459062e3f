// @vitest-environment node
// The Open Dental connector end to end: a generated practice on a real MariaDB read by a user that
// may only read, written through the feeds into a fresh database of either engine (PGlite, and
// PostgreSQL with DATABASE_URL_TEST), run as the job runs it. A run cut off by a lost connection
// fails in one line and the next goes on from there; a run after reads only what changed.
import { createServer, Socket, type Server } from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config.ts";
import { openFixture, type Fixture } from "../../tests/support/importFixture.ts";
import { mariadbUrls, openDentalFixture, SMALL_PRACTICE, type OpenDentalFixture } from "../../tests/support/openDentalFixture.ts";
import { applyFeedBatch } from "../feeds/applyFeedBatch.ts";
import { executeJob, type JobRunner } from "../jobs/runner.ts";
import { JOBS, OPEN_DENTAL_JOB } from "../../domain/jobs.ts";
import { openDentalRunner, runConnector, type ApplyBatch } from "./connectorJob.ts";
import type { OpenDentalSettings } from "./settings.ts";

vi.setConfig({ testTimeout: 120_000 });

const JOB_ID = JOBS.find((job) => job.key === OPEN_DENTAL_JOB)!.id;
/** Patients with a member: even ones are SM-HOUS's (clinic 1, practice 1), odd ones SM-PASA's (clinic 2, practice 2). */
const MEMBERS = 400;
/** Rows of the generated practice the connector reads: patients, appointments, history deletions, procedures. */
const ROWS = SMALL_PRACTICE.patients + SMALL_PRACTICE.appointments + (SMALL_PRACTICE.historyRows * 3) / 5 + SMALL_PRACTICE.plannedProcedures * 2;

/** A TCP relay to MariaDB that the test can cut, as a network would. */
async function relay(target: URL): Promise<{ url: string; cut: () => void; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(Number(target.port || 3306), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: url.toString(),
    cut: () => sockets.forEach((socket) => socket.destroy()),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!mariadbUrls().admin)("the Open Dental connector (MariaDB)", () => {
  let source: OpenDentalFixture;
  let fixture: Fixture;
  let settings: OpenDentalSettings;

  const run = async (runner: JobRunner) => {
    const result = await executeJob(fixture.services, JOB_ID, { trigger: "command", runner });
    if (!result.ran) throw new Error(`not run: ${result.reason}`);
    return result.outcome;
  };
  const statusOf = async (patNum: number) =>
    (
      await fixture.database.db
        .selectFrom("members as m")
        .innerJoin("member_visits as v", "v.member_id", "m.id")
        .select("v.status")
        .where("m.pat_num", "=", String(patNum))
        .executeTakeFirstOrThrow()
    ).status;

  beforeAll(async () => {
    [source, fixture] = await Promise.all([openDentalFixture(), openFixture()]);
    settings = {
      url: source.readerUrl,
      clinics: new Map([
        ["1", "SM-HOUS"],
        ["2", "SM-PASA"],
      ]),
      everyMinutes: 5,
      priorities: ["P1", "P2", "P3", "P4"],
      unprioritized: "P4",
      timeZone: "America/Chicago",
    };
    await fixture.database.db
      .insertInto("members")
      .values(
        Array.from({ length: MEMBERS }, (_, index) => ({
          subscriber_id: `OD${index + 1}`,
          pat_num: String(index + 1),
          practice_id: (index + 1) % 2 === 0 ? 1 : 2,
          company: "denta",
          mco: "DentaQuest Medicaid",
          first_name: `First${index + 1}`,
          last_name: `Last${index + 1}`,
          address1: "1 Main St",
          city: "Houston",
          state: "TX",
          phone: "(713) 555-0100",
          date_of_birth: "2015-03-14",
          days_extracted: 0,
          entry_time: new Date("2026-01-01T00:00:00Z"),
        })),
      )
      .execute();
  }, 120_000);

  afterAll(async () => {
    await source?.drop();
    await fixture?.close();
  });

  it("fails a run whose connection is lost in one line, and the next goes on from where it stopped", async () => {
    const network = await relay(new URL(source.readerUrl));
    try {
      let pages = 0;
      const cutAfterFirstPage: ApplyBatch = async (trx, batch, feedRun) => {
        const applied = await applyFeedBatch(trx, batch, feedRun);
        if (++pages === 1) network.cut();
        return applied;
      };
      const lost = await run((context) => runConnector(context, { ...settings, url: network.url }, { apply: cutAfterFirstPage, pageRows: 2_000 }));
      expect(lost.status).toBe("failure");
      expect(lost.message).toMatch(/^Failed: the connection to the Open Dental database 127\.0\.0\.1:\d+\/opendental_test_\S+ was lost \([A-Z_]+\); the next run goes on from where this one stopped$/);
      expect(lost.counts?.rowsRead).toBe(2_000);
    } finally {
      await network.close();
    }

    const resumed = await run((context) => runConnector(context, settings, { pageRows: 2_000 }));
    expect(resumed.status).toBe("success");
    // The first run's page is not read again: no table is read twice.
    expect(resumed.counts?.rowsRead).toBe(ROWS - 2_000);
    expect(resumed.message).toMatch(/^Read [\d,]+ changed rows of 127\.0\.0\.1:3306\/opendental_test_\S+: appointments and first visits [\d,]+ written/);
  });

  it("wrote what the practice knows: statuses from the appointments, deletions with who made them, priorities", async () => {
    // Patient 2 (SM-HOUS) has three completed visits and none ahead; patient 5 only appointments ahead.
    expect(await statusOf(2)).toBe("Recare No Future Appointment");
    expect(await statusOf(5)).toBe("New Patient With Apt");
    const { db } = fixture.database;
    const deletions = await db.selectFrom("deleted_appointments").select(["deleted_by", "reason"]).where("source_id", "is not", null).execute();
    expect(deletions).toHaveLength((SMALL_PRACTICE.historyRows * 3) / 5);
    expect(new Set(deletions.map((row) => row.reason))).toEqual(new Set(["Missed", "Cancelled", "Deleted"]));
    expect(new Set(deletions.map((row) => row.deleted_by))).toEqual(new Set(["Open Dental", "frontdesk", "hygienist", "manager"]));
    const priorities = await db.selectFrom("treatment_priorities").select(["priority", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("priority").execute();
    expect(priorities.reduce((sum, row) => sum + Number(row.n), 0)).toBe(SMALL_PRACTICE.plannedProcedures);
  });

  it("reads next only what changed: an appointment booked at the front desk changes its member within one run", async () => {
    await source.admin.query("INSERT INTO appointment (PatNum, AptStatus, AptDateTime, ClinicNum, Note, ProcDescript, ProcsColored) VALUES (2, 1, NOW() + INTERVAL 7 DAY, 1, '', '', '')");
    const next = await run((context) => runConnector(context, settings));
    expect(next.status).toBe("success");
    expect(next.counts?.rowsRead).toBe(1);
    expect(await statusOf(2)).toBe("Recare Future Appointment");
  });

  it("refuses a user that can write, and says the database and table it lacks", async () => {
    const writer = await run((context) => runConnector(context, { ...settings, url: source.adminUrl }));
    expect(writer).toMatchObject({ status: "failure" });
    expect(writer.message).toMatch(/^Failed: the Open Dental user of 127\.0\.0\.1:3306\/opendental_test_\S+ can write \(ALL PRIVILEGES\): the connector needs a user with SELECT only$/);
    const unknown = await run((context) => runConnector(context, { ...settings, clinics: new Map([["1", "XX-NONE"]]) }));
    expect(unknown.message).toBe("Failed: OPENDENTAL_CLINICS names XX-NONE, which no practice is");
  });

  it("is skipped, saying so, on a server without OPENDENTAL_URL, and runs as configured with it", async () => {
    const skipped = await run(openDentalRunner);
    expect(skipped).toMatchObject({ status: "skipped", message: "Skipped: no Open Dental database is configured (OPENDENTAL_URL); nothing read" });
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", OPENDENTAL_URL: source.readerUrl, OPENDENTAL_CLINICS: "1=SM-HOUS,2=SM-PASA" });
    const configured = await executeJob({ ...fixture.services, config }, JOB_ID, { trigger: "command", runner: openDentalRunner });
    // The booking of the last run is read again (it is within the overlap) and changes nothing.
    expect(configured.ran && configured.outcome.message).toMatch(/^Read 1 changed row of 127\.0\.0\.1:3306\/opendental_test_\S+: appointments and first visits 0 written$/);
    const runs = await sql<{ status: string }>`select status from job_runs where job_id = ${JOB_ID} order by id`.execute(fixture.database.db);
    expect(runs.rows.map((row) => row.status)).toEqual(["failure", "success", "success", "failure", "failure", "skipped", "success"]);
  });
});
