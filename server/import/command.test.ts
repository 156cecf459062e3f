// @vitest-environment node
// `npm run import` as a process killed halfway through a file (SIGKILL: no clean-up of any kind),
// then run again: the data equal one clean run's, and the killed run is closed as failed. On
// PostgreSQL 15 (DATABASE_URL_TEST), where the command and the test share the database; a PGlite
// folder belongs to one process at a time.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { findJob } from "../jobs/runs.repository.ts";
import { executeJob } from "../jobs/runner.ts";
import { pathRunner } from "./fileJob.ts";
import { memberFileOpener } from "./memberLayout.ts";
import { HEADER, openFixture, row, type Fixture } from "../../tests/support/importFixture.ts";

vi.setConfig({ testTimeout: 120_000 });

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const EXTRACTED_AT = "2026-11-16T06:00:00.000Z";

describe.runIf(process.env.DATABASE_URL_TEST)("the import command, killed", () => {
  let fixture: Fixture;
  let databaseUrl: string;
  beforeAll(async () => {
    fixture = await openFixture();
    databaseUrl = fixture.database.url!;
  }, 60_000);
  afterAll(() => fixture?.close());

  /** Runs the command; `onLine` sees each line it prints and may kill it. */
  function command(file: string, onLine: (line: string, kill: () => void) => void = () => {}) {
    const child = spawn(process.execPath, ["server/import/command.ts", file, "--extracted-at", EXTRACTED_AT], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "test" },
    });
    const lines: string[] = [];
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      for (const line of chunk.split("\n").filter(Boolean)) {
        lines.push(line);
        onLine(line, () => child.kill("SIGKILL"));
      }
    });
    return new Promise<{ code: number | null; signal: string | null; lines: string[] }>((resolve) =>
      child.on("close", (code, signal) => resolve({ code, signal, lines })),
    );
  }

  const members = async () =>
    (
      await sql`select subscriber_id, m.practice_id, first_name, last_name, phone, to_char(date_of_birth, 'YYYY-MM-DD') as birth,
                       days_extracted, v.status, entry_time from members m join member_visits v on v.member_id = m.id order by subscriber_id`.execute(fixture.database.db)
    ).rows;

  it("then run again gives the data of one clean run", async () => {
    const rows = Array.from({ length: 6000 }, (_, index) => row(String(100000 + index), index % 1000 === 7 ? { Last_Name: "" } : {}));
    const path = fixture.writeFile("DENTA_ELIG_20261116.csv", [HEADER, ...rows]);

    // Killed once its first batches are written (the file is read ahead of the writing).
    let watching: ReturnType<typeof setInterval> | undefined;
    const killed = await command(path, (line, kill) => {
      watching ??= setInterval(() => {
        void members().then((written) => {
          if (written.length > 0) kill();
        });
      }, 10);
    });
    clearInterval(watching);
    expect(killed.signal).toBe("SIGKILL");
    const half = (await members()).length;
    expect(half).toBeGreaterThan(0);
    expect(half).toBeLessThan(6000 - 6);

    const again = await command(path);
    expect(again.code).toBe(0);
    expect(again.lines).toContain("DENTA_ELIG_20261116.csv: 100% (6,000 rows, 6 rejected)");
    expect(again.lines.find((line) => line.startsWith("Import DENTA members"))).toMatch(/^Import DENTA members, run \d+: Imported 5,994 rows from DENTA_ELIG_20261116.csv, 6 rejected/);
    expect(again.lines).toContain("  line 9: missing Last_Name");
    const killedRun = await fixture.database.db.selectFrom("job_runs").select(["status", "message"]).orderBy("id").executeTakeFirstOrThrow();
    expect(killedRun).toMatchObject({ status: "failure", message: expect.stringMatching(/interrupted: the server running it stopped$/) });
    const afterRerun = await members();

    await sql`delete from members`.execute(fixture.database.db);
    const job = await findJob(fixture.database.db, { key: "import-denta" });
    await executeJob(fixture.services, job!.id, {
      trigger: "command",
      runner: pathRunner(memberFileOpener({ brand: "denta", extractedAt: new Date(EXTRACTED_AT) }), path),
    });
    expect(afterRerun).toHaveLength(5994);
    expect(afterRerun).toEqual(await members());
  });
});
