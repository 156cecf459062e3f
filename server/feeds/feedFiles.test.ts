// @vitest-environment node
// The practice feeds' files, the way an administrator's command and the inbox job read them: every
// refused row with its line and reason while the good rows go in; a file of another layout refused
// whole with nothing written; a header alone is a run that did nothing and says so; the same file
// twice changes nothing; the sample files fill the reports' tables. On PGlite, and on PostgreSQL 15
// when DATABASE_URL_TEST is set.
import { copyFileSync, existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openFixture, type Fixture } from "../../tests/support/importFixture.ts";
import { parseImportArgs, runImportCommand, UsageError } from "../import/command.ts";
import { executeJob } from "../jobs/runner.ts";
import { findJob, firstRejections } from "../jobs/runs.repository.ts";
import { feedsInboxRunner } from "./feedLayout.ts";

vi.setConfig({ testTimeout: 60_000 });

const SAMPLES = fileURLToPath(new URL("../import/sample/", import.meta.url));
const NOW = new Date("2026-11-18T12:00:00Z");
const APPOINTMENTS_HEADER = "Practice,PatNum,AptNum,AptDateTime,AptStatus,IsNewPatient,DateTStamp";

let fixture: Fixture;
beforeAll(async () => {
  fixture = await openFixture();
  // The runs' clock: the sample's appointments of December are ahead of it.
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
}, 60_000);
afterAll(async () => {
  vi.useRealTimers();
  await fixture.close();
});

const member = (id: number, practiceId: number, patNum: string) => ({
  id,
  company: "denta",
  subscriber_id: `S${id}`,
  pat_num: patNum,
  mco: "DentaQuest CHIP",
  first_name: "Ana",
  middle_name: "",
  last_name: `Member${id}`,
  practice_id: practiceId,
  address1: "1 Main St",
  city: "Houston",
  state: "TX",
  phone: "7135550100",
  date_of_birth: "2014-01-01",
  days_extracted: 1,
  entry_time: "2026-09-01T00:00:00Z",
});

beforeEach(async () => {
  const { db } = fixture.database;
  for (const table of ["job_run_rejections", "job_runs", "first_visits", "appointments", "audit_log", "deleted_appointments", "treatment_priorities", "leads", "members"]) {
    await sql`delete from ${sql.table(table)}`.execute(db);
  }
  await db.insertInto("members").values([member(1, 1, "100231"), member(2, 1, "100232"), member(3, 2, "200410")]).execute();
});

async function command(args: string[]) {
  const printed: string[] = [];
  const result = await runImportCommand(fixture.services, parseImportArgs(args), (line) => printed.push(line));
  return { result, printed, message: result.ran ? result.outcome.message : "", status: result.ran ? result.outcome.status : "not run" };
}

const statuses = async () =>
  (await fixture.database.db.selectFrom("member_visits").select(["member_id", "status"]).orderBy("member_id").execute()).map((row) => `${row.member_id} ${row.status}`);

describe("npm run import -- --feed <name> <file>", () => {
  it("imports the appointments sample: statuses follow, an unknown patient is kept and counted; the second time changes nothing", async () => {
    const file = join(SAMPLES, "appointments_20261118.csv");
    const first = await command(["--feed", "appointments", file]);
    expect(first.status).toBe("success");
    expect(first.message).toBe(
      "Imported 5 rows of appointments from appointments_20261118.csv: 5 new or changed, 0 known already, 1 for patients no member has, 2 members updated, 0 rejected",
    );
    expect(await statuses()).toEqual(["1 Recare Future Appointment", "2 New Patient", "3 Recare No Future Appointment"]);
    const second = await command(["--feed", "appointments", file]);
    expect(second.message).toContain("0 new or changed, 5 known already, 1 for patients no member has, 0 members updated");
    expect(await fixture.database.db.selectFrom("appointments").select("apt_num").execute()).toHaveLength(5);
  });

  it("reports every refused row with its line and reason, and writes the good ones", async () => {
    const path = fixture.writeFile("appointments_bad.csv", [
      APPOINTMENTS_HEADER,
      "SM-HOUS,100231,1,2026-12-03 14:00,Scheduled,false,2026-11-17 10:41",
      "XX-NONE,100231,2,2026-12-03 14:00,Scheduled,false,2026-11-17 10:41",
      "SM-HOUS,100231,3,2026-12-03 14:00,Arrived,false,2026-11-17 10:41",
      "SM-HOUS,100231,4,2026-02-30 14:00,Scheduled,false,2026-11-17 10:41",
      "",
      "SM-HOUS,100231,5,2026-12-04 14:00,Scheduled,maybe,yesterday",
    ]);
    const run = await command(["--feed", "appointments", path]);
    expect(run.status).toBe("success");
    expect(run.printed).toEqual(
      expect.arrayContaining([
        "  line 3: Practice is not a practice of the group",
        "  line 4: AptStatus must be one of Scheduled, Complete, Broken, Unscheduled, Planned",
        "  line 5: AptDateTime is not a date and time (2026-11-20 09:30, or with its offset)",
        "  line 7: IsNewPatient must be true or false (yes/no, 1/0); DateTStamp is not a date and time (2026-11-20 09:30, or with its offset)",
      ]),
    );
    expect(run.message).toMatch(/^Imported 1 row of appointments .* 4 rejected \(row 3: Practice is not a practice of the group; row 4: .*; 1 more\)$/);
    expect(await fixture.database.db.selectFrom("appointments").select("apt_num").execute()).toEqual([{ apt_num: "1" }]);
  });

  it("refuses a file of another feed whole, writing nothing", async () => {
    const run = await command(["--feed", "appointments", join(SAMPLES, "leads_20261118.csv")]);
    expect(run.status).toBe("failure");
    expect(run.message).toBe("Failed: leads_20261118.csv is not a appointments file (missing 'PatNum', 'AptNum', 'AptDateTime', 'AptStatus', 'DateTStamp'); nothing imported");
    expect(await fixture.database.db.selectFrom("leads").select("id").execute()).toEqual([]);
    expect(await fixture.database.db.selectFrom("appointments").select("apt_num").execute()).toEqual([]);
  });

  it("says a file with a header alone, or nothing at all, imported nothing, and fails the run", async () => {
    const headerOnly = await command(["--feed", "appointments", fixture.writeFile("appointments_empty.csv", [APPOINTMENTS_HEADER])]);
    expect(headerOnly).toMatchObject({ status: "failure", message: "Nothing imported: appointments_empty.csv has no rows under its header" });
    const empty = await command(["--feed", "leads", fixture.writeFile("leads_nothing.csv", [])]);
    expect(empty).toMatchObject({ status: "failure", message: "Failed: leads_nothing.csv is empty; nothing imported" });
  });

  it("knows the feeds by name", () => {
    expect(() => parseImportArgs(["--feed", "payments", "x.csv"])).toThrow(UsageError);
    expect(parseImportArgs(["--feed", "leads", "x.csv"])).toMatchObject({ feed: "leads", file: "x.csv" });
  });
});

describe("the scheduled import of the practice feeds", () => {
  it("imports every feed file of the inbox, moves them to done/, and the reports' tables hold their rows", async () => {
    // the command's files of the tests before
    for (const name of readdirSync(fixture.inbox)) rmSync(join(fixture.inbox, name), { recursive: true });
    for (const name of ["appointments_20261118.csv", "deleted-appointments_20261118.csv", "planned-treatment_20261118.csv", "leads_20261118.csv"]) {
      copyFileSync(join(SAMPLES, name), join(fixture.inbox, name));
    }
    const job = await findJob(fixture.database.db, { key: "import-feeds" });
    const result = await executeJob(fixture.services, job!.id, { trigger: "schedule", runner: feedsInboxRunner });
    expect(result.ran && result.outcome).toMatchObject({ status: "success", counts: { rowsRead: 14, rowsWritten: 14, rowsRejected: 0 } });
    expect(existsSync(join(fixture.inbox, "done", "leads_20261118.csv"))).toBe(true);
    const { db } = fixture.database;
    expect(await db.selectFrom("deleted_appointments").select("source_id").orderBy("source_id").execute()).toEqual([{ source_id: "91001" }, { source_id: "91002" }]);
    expect(await db.selectFrom("treatment_priorities").select(["source_id", "priority"]).orderBy("source_id").execute()).toEqual([
      { source_id: "730001", priority: "P1" },
      { source_id: "730002", priority: "P3" },
      { source_id: "730003", priority: "P2" },
    ]);
    expect(await db.selectFrom("leads").select(["source_id", "outcome"]).orderBy("source_id").execute()).toEqual([
      { source_id: "L-1001", outcome: "won" },
      { source_id: "L-1002", outcome: "lost" },
      { source_id: "L-1003", outcome: "open" },
    ]);
    expect(await firstRejections(db, result.ran ? result.runId : 0, 10)).toEqual([]);
  });
});
