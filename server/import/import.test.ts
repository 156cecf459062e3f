// @vitest-environment node
// The members import on a small fixed practice group: every bad row reported with its line and
// reason while the good rows go in; existing members updated, never duplicated; an import stopped
// halfway and run again ends with the data of one clean run. On PGlite, and on PostgreSQL 15 when
// DATABASE_URL_TEST is set.
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { findJob } from "../jobs/runs.repository.ts";
import { executeJob, type RunResult } from "../jobs/runner.ts";
import { parseImportArgs, progressPrinter, UsageError } from "./command.ts";
import { membersPage } from "../members/members.repository.ts";
import { pathRunner, type FileRunHooks, type LayoutOpener } from "./fileJob.ts";
import { memberFileOpener, type MemberFileOptions } from "./memberLayout.ts";
import { HEADER, openFixture, row, type Fixture } from "../../tests/support/importFixture.ts";
import { insertMembers } from "../../tests/support/insertMembers.ts";

vi.setConfig({ testTimeout: 60_000 });

const EXTRACTED_AT = new Date("2026-11-16T06:00:00Z");
/** Two whole days after the extraction: Days_Extracted 2. */
const NOW = new Date("2026-11-18T12:00:00Z");

let fixture: Fixture;
beforeAll(async () => {
  fixture = await openFixture();
}, 60_000);
afterAll(() => fixture.close());

/** A member of SM-HOUS the call center has worked on, before any import. */
async function resetMembers(): Promise<void> {
  const { db } = fixture.database;
  await sql`delete from job_run_rejections`.execute(db);
  await sql`delete from job_runs`.execute(db);
  await sql`delete from members`.execute(db);
  await insertMembers(db, [{
      company: "denta",
      subscriber_id: "900",
      pat_num: "123",
      mco: "DentaQuest CHIP",
      first_name: "Old",
      middle_name: "",
      last_name: "Name",
      practice_id: 1,
      address1: "9 Old Rd",
      city: "Houston",
      state: "TX",
      phone: "(713) 555-0199",
      date_of_birth: "2014-01-01",
      days_extracted: 50,
      status: "Recare Future Appointment",
      last_visit: "2026-03-01",
      next_apt: "2026-12-01T15:00:00Z",
      entry_time: "2026-09-01T00:00:00Z",
    }]);
  await db.updateTable("member_work").set({ notes: "call back after school", notes_at: "2026-10-01T15:00:00Z", result: "Left message" }).execute();
}
beforeEach(resetMembers);

type ImportOptions = Partial<MemberFileOptions> & FileRunHooks & { signal?: AbortSignal; afterWrite?: (batchesWritten: number) => void };

async function runImport(path: string, options: ImportOptions = {}): Promise<Extract<RunResult, { ran: true }>> {
  const job = await findJob(fixture.database.db, { key: "import-denta" });
  const open = memberFileOpener({ brand: "denta", extractedAt: EXTRACTED_AT, ...options });
  let batchesWritten = 0;
  const watched: LayoutOpener = async (context, source) => {
    const layout = await open(context, source);
    const { afterWrite } = options;
    if (!afterWrite) return layout;
    return {
      ...layout,
      write: async (trx, rows) => {
        const tally = await layout.write(trx, rows);
        afterWrite((batchesWritten += 1));
        return tally;
      },
    };
  };
  const runner = pathRunner(watched, path, options);
  const result = await executeJob(fixture.services, job!.id, { trigger: "command", runner, now: () => NOW, signal: options.signal });
  if (!result.ran) throw new Error("the import did not run");
  return result;
}

const runRow = (runId: number) =>
  fixture.database.db
    .selectFrom("job_runs")
    .select(["status", "message", "rows_read", "rows_written", "rows_rejected", "ended_at"])
    .where("id", "=", runId)
    .executeTakeFirstOrThrow();

const rejectionsOf = (runId: number) =>
  fixture.database.db.selectFrom("job_run_rejections").select(["line", "reason"]).where("run_id", "=", runId).orderBy("line").execute();

/** Every member as the list shows it, without the generated id. */
async function members() {
  const { rows } = await sql<Record<string, unknown>>`
    select m.company, subscriber_id, pat_num, m.mco, first_name, middle_name, last_name, m.practice_id, address1, city, state, phone,
           to_char(date_of_birth, 'YYYY-MM-DD') as date_of_birth, days_extracted, w.notes, v.status, w.result, entry_time
      from members m join member_work w on w.member_id = m.id join member_visits v on v.member_id = m.id order by subscriber_id, m.practice_id`.execute(fixture.database.db);
  return rows;
}

describe("a file with bad rows", () => {
  it("reports every bad row with its line and reason, and imports the good ones", async () => {
    const path = fixture.writeFile("DENTA_ELIG_20261116.csv", [
      HEADER, // line 1
      row("101"), // 2
      row(""), // 3
      row("103", { Date_of_Birth: "02/30/2015" }), // 4
      row("104", { Practice: "XX-NOPE" }), // 5
      row("105", { Practice: "FS-SANA" }), // 6: takes no DENTA members
      row("101", { First_Name: "Again" }), // 7: same subscriber and practice as line 2
      row("108", { Phone: "555-0100" }), // 8
      "", // 9: blank, skipped
      row("110", { Address1: '"1 Main St\nApt 2"' }), // 10–11: a quoted field over two lines
      row("112", { Last_Name: "", State: "Texas" }), // 12
      `${row("113")},extra`, // 13
      row("114", { Practice: "SM-PASA", Date_of_Birth: "03/04/2012" }), // 14
    ]);
    const { runId, outcome } = await runImport(path);

    expect(await rejectionsOf(runId)).toEqual([
      { line: 3, reason: "missing Subscriber_ID" },
      { line: 4, reason: "invalid Date_of_Birth (expected YYYY-MM-DD or MM/DD/YYYY)" },
      { line: 5, reason: "unknown practice code 'XX-NOPE'" },
      { line: 6, reason: "practice FS-SANA does not take DENTA members" },
      { line: 7, reason: "duplicate Subscriber_ID in file (same practice as line 2)" },
      { line: 8, reason: "Phone has fewer than 10 digits" },
      { line: 12, reason: "missing Last_Name; State must be a two-letter code" },
      { line: 13, reason: "1 more field(s) than the header has columns" },
    ]);
    expect(outcome.status).toBe("success");
    expect(await runRow(runId)).toMatchObject({
      status: "success",
      rows_read: 11,
      rows_written: 3,
      rows_rejected: 8,
      message:
        "Imported 3 rows from DENTA_ELIG_20261116.csv, 8 rejected (row 3: missing Subscriber_ID; " +
        "row 4: invalid Date_of_Birth (expected YYYY-MM-DD or MM/DD/YYYY); row 5: unknown practice code 'XX-NOPE'; 5 more)",
    });
    const imported = (await members()).filter((member) => member.subscriber_id !== "900");
    expect(imported.map((member) => [member.subscriber_id, member.practice_id, member.first_name, member.address1, member.date_of_birth])).toEqual([
      ["101", 1, "First101", "1 Main St", "2015-03-14"],
      ["110", 1, "First110", "1 Main St\nApt 2", "2015-03-14"],
      ["114", 2, "First114", "1 Main St", "2012-03-04"],
    ]);
  });

  it("refuses a file without a required column whole: nothing written", async () => {
    const path = fixture.writeFile("DENTA_NO_BIRTH.csv", ["Subscriber_ID,MCO,First_Name,Last_Name,Practice", "201,DentaQuest Medicaid,A,B,SM-HOUS"]);
    const { runId } = await runImport(path);
    expect(await runRow(runId)).toMatchObject({
      status: "failure",
      message: "Failed: DENTA_NO_BIRTH.csv has an unexpected header (missing 'Date_of_Birth'); nothing imported",
    });
    expect((await members()).map((member) => member.subscriber_id)).toEqual(["900"]);
  });

  it("with --practice takes rows without a practice as that practice's, and refuses rows naming another", async () => {
    const path = fixture.writeFile("DENTA_PASA.csv", [HEADER, row("301", { Practice: "" }), row("302", { Practice: "SM-HOUS" })]);
    const { runId } = await runImport(path, { practice: "sm-pasa" });
    expect(await rejectionsOf(runId)).toEqual([{ line: 3, reason: "Practice 'SM-HOUS' is not the practice of this import (SM-PASA)" }]);
    expect((await members()).filter((member) => member.subscriber_id === "301").map((member) => member.practice_id)).toEqual([2]);
  });
});

describe("what a row writes", () => {
  it("updates the member with the same subscriber id and practice, keeping the call center's fields; adds new members", async () => {
    const path = fixture.writeFile("DENTA_UPDATE.csv", [HEADER, row("900", { Last_Name: "Newname", PatNum: "" }), row("901", { PatNum: "555" })]);
    await runImport(path);
    const ids = await fixture.database.db.selectFrom("members").select("id").orderBy("subscriber_id").execute();
    const audited = await fixture.database.db.selectFrom("audit_log").select(["user_id", "action", "member_ids"]).where("action", "like", "importMembers%").execute();
    expect(audited.map((entry) => ({ ...entry, member_ids: [...entry.member_ids].sort((a, b) => a - b) }))).toContainEqual({
      user_id: null,
      action: "importMembers DENTA_UPDATE.csv",
      member_ids: ids.map((member) => member.id).sort((a, b) => a - b),
    });
    expect(await members()).toEqual([
      expect.objectContaining({
        subscriber_id: "900",
        last_name: "Newname",
        mco: "DentaQuest Medicaid",
        pat_num: "123", // an empty PatNum keeps ours
        status: "Recare Future Appointment",
        result: "Left message",
        notes: "call back after school",
        days_extracted: 2,
        entry_time: new Date("2026-09-01T00:00:00Z"),
      }),
      expect.objectContaining({
        subscriber_id: "901",
        company: "denta",
        pat_num: "555",
        status: "New Patient",
        result: "",
        notes: null,
        days_extracted: 2,
        entry_time: EXTRACTED_AT,
      }),
    ]);
  });
});

describe("imported members in the list", () => {
  it("sort by their practice's abbreviation and count under their practice", async () => {
    const path = fixture.writeFile("DENTA_PRACTICES.csv", [HEADER, row("902", { Practice: "SM-PASA" }), row("904")]);
    await runImport(path);
    const page = await membersPage(fixture.database.db, { pageNum: 1, pageSize: 15, orderByColumn: "Practice" });
    expect(page.rows.map((member) => [member.practice, member.subscriber_id])).toEqual([
      ["SM-HOUS", "900"],
      ["SM-HOUS", "904"],
      ["SM-PASA", "902"],
    ]);
    expect((await membersPage(fixture.database.db, { pageNum: 1, pageSize: 15, practice: "1" })).total).toBe(2);
  });
});

describe("an import stopped halfway", () => {
  const lines = [HEADER, ...Array.from({ length: 22 }, (_, index) => row(String(400 + index), index % 7 === 3 ? { Date_of_Birth: "soon" } : {})), row("900", { City: "Katy" })];

  it("run again, ends with the data of one clean run", async () => {
    const path = fixture.writeFile("DENTA_HALF.csv", lines);
    const stop = new AbortController();
    const stopped = await runImport(path, {
      batchSize: 4,
      signal: stop.signal,
      // The server stops while the second batch is written: that batch (and any written beside it) commits, no later one.
      afterWrite: (batchesWritten) => {
        if (batchesWritten === 2) stop.abort(new Error("killed"));
      },
    });
    expect(stopped.outcome).toMatchObject({ status: "failure", message: "Failed: interrupted (the server stopped); the next run starts over" });
    const half = await members();
    expect(half.length).toBeGreaterThan(1);
    expect(half.length).toBeLessThan(1 + 22 - 4);

    const rerun = await runImport(path, { batchSize: 4 });
    expect(rerun.outcome.message).toMatch(/^Imported 20 rows from DENTA_HALF.csv, 3 rejected/);
    const afterRerun = await members();

    await resetMembers();
    await runImport(path, { batchSize: 4 });
    expect(afterRerun).toEqual(await members());
    expect(afterRerun).toHaveLength(1 + 22 - 3);
    expect(afterRerun.find((member) => member.subscriber_id === "900")).toMatchObject({ city: "Katy", status: "Recare Future Appointment" });
  });
});

describe("the command", () => {
  it("takes the payer from the file name unless --brand names it, and refuses what it cannot read", () => {
    expect(parseImportArgs(["in/MCNA_MEMBERS_20261116.csv"])).toEqual({ file: "in/MCNA_MEMBERS_20261116.csv", brand: "mcna", practice: undefined, extractedAt: undefined });
    expect(parseImportArgs(["list.csv", "--brand", "UHC", "--practice", "SM-HOUS", "--extracted-at", "2026-11-16T06:00:00Z"])).toEqual({
      file: "list.csv",
      brand: "uhc",
      practice: "SM-HOUS",
      extractedAt: EXTRACTED_AT,
    });
    expect(() => parseImportArgs(["list.csv"])).toThrow(UsageError);
    expect(() => parseImportArgs([])).toThrow(UsageError);
    expect(() => parseImportArgs(["DENTA.csv", "--extracted-at", "yesterday"])).toThrow("--extracted-at must be an ISO instant");
  });

  it("prints the progress of a large file every 5%, up to 100%", async () => {
    const path = fixture.writeFile("DENTA_LARGE.csv", [HEADER, ...Array.from({ length: 3000 }, (_, index) => row(String(10000 + index)))]);
    const printed: string[] = [];
    await runImport(path, { onProgress: progressPrinter((line) => printed.push(line)) });
    const percents = printed.map((line) => Number(/: (\d+)%/.exec(line)?.[1]));
    expect(printed.length).toBeGreaterThanOrEqual(5);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(printed.at(-1)).toBe("DENTA_LARGE.csv: 100% (3,000 rows, 0 rejected)");
  });
});
