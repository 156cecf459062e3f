// @vitest-environment node
// The scheduler: each job on its cron expression in the practice group's time zone (timers injected,
// fired by the test: no waiting), re-runs taken up at once, runs of a dead instance closed, one run
// of a job at a time (in one process on both engines; across instances by the advisory lock, on
// PostgreSQL 15 when DATABASE_URL_TEST is set).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Cron } from "croner";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../db/connection.ts";
import { HEADER, ADMIN, openFixture, row, type Fixture } from "../../tests/support/importFixture.ts";
import { insertMembers } from "../../tests/support/insertMembers.ts";
import { JOBS } from "../../domain/jobs.ts";
import { refreshStatuses } from "./housekeeping.ts";
import { executeJob, type JobRunner, type JobServices } from "./runner.ts";
import { listCrons, requestRerun } from "./runs.repository.ts";
import { QUEUE_PATTERN, startScheduler, wakeScheduler, type CreateTimer } from "./scheduler.ts";

vi.setConfig({ testTimeout: 60_000 });

const DENTA = 1;
const NOW = new Date("2026-11-16T11:00:00Z");

let fixture: Fixture;
beforeAll(async () => {
  fixture = await openFixture();
}, 60_000);
afterAll(() => fixture.close());
beforeEach(async () => {
  await sql`delete from job_runs`.execute(fixture.database.db);
});

/** Timers the test fires itself. */
function fakeTimers() {
  const timers: { pattern: string; timezone: string; tick: () => void; stopped: boolean }[] = [];
  const createTimer: CreateTimer = (pattern, timezone, tick) => {
    const timer = { pattern, timezone, tick, stopped: false };
    timers.push(timer);
    return { stop: () => (timer.stopped = true) };
  };
  return { timers, createTimer, fire: (pattern: string, index = 0) => timers.filter((timer) => timer.pattern === pattern)[index]!.tick() };
}

const runsOf = (jobId: number, db = fixture.database.db) =>
  db.selectFrom("job_runs").select(["id", "trigger", "status", "message", "ended_at", "claimed_at"]).where("job_id", "=", jobId).orderBy("id").execute();

const finished = async (jobId: number, count = 1) =>
  vi.waitFor(
    async () => {
      const runs = await runsOf(jobId);
      if (runs.length < count || runs.some((run) => run.status === "running")) throw new Error("still running");
      return runs;
    },
    { timeout: 30_000, interval: 20 },
  );

describe("the schedule", () => {
  it("is each job's cron expression in the practice group's time zone, plus the queue's", async () => {
    const clock = fakeTimers();
    const stop = startScheduler(fixture.services, { createTimer: clock.createTimer });
    await vi.waitFor(() => expect(clock.timers).toHaveLength(JOBS.length + 1), { timeout: 30_000 });
    expect(clock.timers.map((timer) => [timer.pattern, timer.timezone])).toEqual(
      expect.arrayContaining([
        ["0 5 * * *", "America/Chicago"],
        ["15 5 * * *", "America/Chicago"],
        ["30 5 * * *", "America/Chicago"],
        ["0 6 * * 1", "America/Chicago"],
        ["0 2 * * *", "America/Chicago"],
        ["0 17 * * 1-5", "America/Chicago"],
        ["0 7 * * 1", "America/Chicago"],
        ["*/5 * * * *", "America/Chicago"],
        [QUEUE_PATTERN, "America/Chicago"],
      ]),
    );
    await stop();
    expect(clock.timers.every((timer) => timer.stopped)).toBe(true);
  });

  it("croner reads those expressions as wall-clock times of the zone, summer and winter", () => {
    const next = (pattern: string, from: string) => new Cron(pattern, { timezone: "America/Chicago", paused: true }).nextRun(new Date(from))?.toISOString();
    expect(next("0 5 * * *", "2026-11-16T12:00:00Z")).toBe("2026-11-17T11:00:00.000Z"); // CST, UTC−6
    expect(next("0 5 * * *", "2026-07-01T12:00:00Z")).toBe("2026-07-02T10:00:00.000Z"); // CDT, UTC−5
    expect(next("0 6 * * 1", "2026-11-18T12:00:00Z")).toBe("2026-11-23T12:00:00.000Z"); // the next Monday
  });

  it("at a job's time imports its payer's files from the inbox and logs the run", async () => {
    fixture.writeFile("DENTA_ELIG_20261116.csv", [HEADER, row("501"), row("502", { Phone: "12" })]);
    fixture.writeFile("MCNA_MEMBERS_20261116.csv", [HEADER, row("601", { MCO: "MCNA Dental Medicaid" })]);
    const clock = fakeTimers();
    const stop = startScheduler(fixture.services, { createTimer: clock.createTimer, now: () => NOW });
    await vi.waitFor(() => expect(clock.timers).toHaveLength(JOBS.length + 1), { timeout: 30_000 });
    clock.fire("0 5 * * *");
    const [run] = await finished(DENTA);
    await stop();

    expect(run).toMatchObject({
      trigger: "schedule",
      status: "success",
      message: "Imported 1 row from DENTA_ELIG_20261116.csv, 1 rejected (row 3: Phone has fewer than 10 digits)",
      ended_at: NOW,
    });
    expect(existsSync(join(fixture.inbox, "done", "DENTA_ELIG_20261116.csv"))).toBe(true);
    expect(existsSync(join(fixture.inbox, "MCNA_MEMBERS_20261116.csv"))).toBe(true);
    const imported = await fixture.database.db.selectFrom("members").select("subscriber_id").where("subscriber_id", "in", ["501", "502", "601"]).execute();
    expect(imported).toEqual([{ subscriber_id: "501" }]);
    const [crons] = await listCrons(fixture.database.db, [DENTA]);
    expect(crons).toMatchObject({ reRun: "0", logs: [{ id: run!.id, status: "success", endTime: NOW.toISOString() }] });
  });
});

describe("a re-run", () => {
  it("is running from the request on, is taken up by this instance at once, and ends with its outcome", async () => {
    const clock = fakeTimers();
    const stop = startScheduler(fixture.services, { createTimer: clock.createTimer, now: () => NOW });
    await vi.waitFor(() => expect(clock.timers).toHaveLength(JOBS.length + 1), { timeout: 30_000 });
    const runId = await requestRerun(fixture.database.db, DENTA, { id: ADMIN.id, name: "Alicia Moreno" });
    const [waiting] = await listCrons(fixture.database.db, [DENTA]);
    expect(waiting).toMatchObject({ reRun: String(runId), logs: [{ id: runId, status: "running", endTime: null, message: "Re-run started by Alicia Moreno" }] });
    await expect(requestRerun(fixture.database.db, DENTA, { id: ADMIN.id, name: "Alicia Moreno" })).rejects.toMatchObject({ statusCode: 409 });

    wakeScheduler(fixture.database.db);
    const [run] = await finished(DENTA);
    await stop();
    expect(run).toMatchObject({ id: runId, trigger: "rerun", status: "success", message: "Re-run started by Alicia Moreno: Nothing to import: no DENTA file in the inbox" });
    expect((await listCrons(fixture.database.db, [DENTA]))[0]!.reRun).toBe("0");
  });

  it("asked while no scheduler runs is taken up when one starts; a run whose server died is closed as failed", async () => {
    const { db } = fixture.database;
    const started = new Date("2026-11-16T10:00:00Z");
    await db
      .insertInto("job_runs")
      .values({ job_id: 5, trigger: "schedule", status: "running", started_at: started, claimed_at: started, message: "Running" })
      .execute();
    const queued = await requestRerun(db, 6, { id: ADMIN.id, name: "Alicia Moreno" });

    const stop = startScheduler(fixture.services, { createTimer: fakeTimers().createTimer, now: () => NOW });
    const [dead] = await finished(5);
    const [rerun] = await finished(6);
    await stop();
    expect(dead).toMatchObject({ status: "failure", ended_at: NOW, message: "Running — interrupted: the server running it stopped" });
    // No reminder service is configured here: the re-run ends skipped, saying so.
    expect(rerun).toMatchObject({ id: queued, status: "skipped" });
    expect(rerun!.message).toBe("Re-run started by Alicia Moreno: Skipped: no reminder service is configured (REMINDERS_URL); no reminders were sent");
  });
});

/** A runner that holds the run until the test lets it go. */
function gatedRunner() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const runner: JobRunner = async () => {
    entered();
    await gate;
    return { status: "success", message: "done" };
  };
  return { runner, inside, open };
}

describe("one run of a job at a time", () => {
  it("in one process: a second start while the first runs does not run", async () => {
    const first = gatedRunner();
    const running = executeJob(fixture.services, DENTA, { trigger: "schedule", runner: first.runner });
    await first.inside;
    const second = await executeJob(fixture.services, DENTA, { trigger: "schedule", runner: gatedRunner().runner });
    expect(second).toEqual({ ran: false, reason: "locked" });
    first.open();
    expect(await running).toMatchObject({ ran: true, outcome: { status: "success" } });
    expect(await runsOf(DENTA)).toHaveLength(1);
  });

  describe.runIf(process.env.DATABASE_URL_TEST)("across instances (PostgreSQL advisory lock)", () => {
    let other: JobServices;
    let closeOther: () => Promise<void>;
    beforeAll(async () => {
      const database = await openDatabase({ url: fixture.database.url });
      other = { db: database.db, config: fixture.services.config };
      closeOther = database.close;
    });
    afterAll(() => closeOther());

    it("a second instance does not run the job while the first holds its lock, and may once it is released", async () => {
      const first = gatedRunner();
      const running = executeJob(fixture.services, DENTA, { trigger: "schedule", runner: first.runner });
      await first.inside;
      expect(await executeJob(other, DENTA, { trigger: "schedule", runner: gatedRunner().runner })).toEqual({ ran: false, reason: "locked" });
      first.open();
      await running;
      const later = gatedRunner();
      later.open();
      expect(await executeJob(other, DENTA, { trigger: "schedule", runner: later.runner })).toMatchObject({ ran: true });
      expect((await runsOf(DENTA)).map((run) => run.status)).toEqual(["success", "success"]);
    });

    it("two schedulers at the same time: one run, the file imported once", async () => {
      fixture.writeFile("DENTA_ELIG_20261117.csv", [HEADER, ...Array.from({ length: 2000 }, (_, index) => row(String(70000 + index)))]);
      const clocks = [fakeTimers(), fakeTimers()];
      const stops = [
        startScheduler(fixture.services, { createTimer: clocks[0]!.createTimer }),
        startScheduler(other, { createTimer: clocks[1]!.createTimer }),
      ];
      await vi.waitFor(() => expect(clocks.map((clock) => clock.timers.length)).toEqual([JOBS.length + 1, JOBS.length + 1]), { timeout: 30_000 });
      for (const clock of clocks) clock.fire("0 5 * * *");
      await finished(DENTA);
      await Promise.all(stops.map((stop) => stop()));
      const runs = await runsOf(DENTA);
      expect(runs).toHaveLength(1);
      expect(runs[0]!.message).toBe("Imported 2,000 rows from DENTA_ELIG_20261117.csv, 0 rejected");
    });
  });
});

describe("the other jobs", () => {
  const member = (subscriberId: string, status: string, nextApt: string | null) => ({
    company: "denta",
    subscriber_id: subscriberId,
    pat_num: "",
    mco: "DentaQuest Medicaid",
    first_name: "A",
    middle_name: "",
    last_name: "B",
    practice_id: 1,
    address1: "",
    city: "",
    state: "TX",
    phone: "",
    date_of_birth: "2015-01-01",
    days_extracted: 0,
    status,
    next_apt: nextApt,
    entry_time: "2026-11-01T00:00:00Z",
  });
  beforeEach(async () => {
    await sql`delete from members`.execute(fixture.database.db);
  });
  const statuses = async () =>
    Object.fromEntries(
      (
        await fixture.database.db.selectFrom("members as m").innerJoin("member_visits as v", "v.member_id", "m.id").select(["m.subscriber_id", "v.status"]).execute()
      ).map((m) => [m.subscriber_id, m.status]),
    );

  it("refreshing statuses follows each member's next appointment", async () => {
    // NOW is 2026-11-16 11:00 UTC.
    await insertMembers(fixture.database.db, [
        member("1", "Recare Future Appointment", "2026-11-16T10:00:00Z"), // passed an hour ago
        member("2", "Recare Future Appointment", "2026-11-20T10:00:00Z"),
        member("3", "Recare No Future Appointment", "2026-12-01T10:00:00Z"), // booked since
        member("4", "New Patient", "2026-11-17T10:00:00Z"),
        member("5", "New Patient With Apt", null),
        member("6", "Dropped Patient", "2026-12-01T10:00:00Z"),
        member("7", "Duplicate SubID", null),
      ]);
    const result = await executeJob(fixture.services, 5, { trigger: "schedule", runner: refreshStatuses, now: () => NOW });
    expect(result).toMatchObject({
      ran: true,
      outcome: {
        status: "success",
        message:
          "Checked 7 members: 4 changed (1 to Recare No Future Appointment, 1 to Recare Future Appointment, 1 to New Patient, 1 to New Patient With Apt)",
      },
    });
    expect(await statuses()).toEqual({
      1: "Recare No Future Appointment",
      2: "Recare Future Appointment",
      3: "Recare Future Appointment",
      4: "New Patient With Apt",
      5: "New Patient",
      6: "Dropped Patient",
      7: "Duplicate SubID",
    });
  });
});
