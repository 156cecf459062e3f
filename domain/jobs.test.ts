import { describe, expect, it } from "vitest";
import { cronTimeOf, DEFAULT_SETTINGS, importStatus, importSummary, JOBS, missingIntegration } from "./jobs.ts";

describe("the jobs", () => {
  it("run on the schedules of the Crons modal", () => {
    expect(JOBS.map((job) => [job.title, cronTimeOf(job)])).toEqual([
      ["Import DENTA members", "0 5 * * *"],
      ["Import MCNA members", "15 5 * * *"],
      ["Import UHC members", "30 5 * * *"],
      ["Import TMHP members", "0 6 * * 1"],
      ["Refresh recare statuses", "0 2 * * *"],
      ["Export appointment reminders", "0 17 * * 1-5"],
      ["Send members status report", "0 7 * * 1"],
      ["Read the practices' Open Dental", "*/5 * * * *"],
      ["Import practice feeds", "30 4 * * *"],
      ["Import call recordings", "*/5 * * * *"],
      ["Remove old call recordings' audio", "30 3 * * *"],
      ["Clear ended claims", "45 3 * * *"],
    ]);
  });

  it("have ids and keys of their own", () => {
    expect(new Set(JOBS.map((job) => job.id)).size).toBe(JOBS.length);
    expect(JOBS.map((job) => job.key)).toEqual(["import-denta", "import-mcna", "import-uhc", "import-tmhp", "refresh-statuses", "export-reminders", "send-status-report", "opendental", "import-feeds", "import-recordings", "recordings-retention", "clear-ended-claims"]);
  });
});

describe("importSummary", () => {
  it("counts what was imported and rejected, with the first reasons", () => {
    expect(importSummary({ file: "DENTA_ELIG_20261116.csv", rowsWritten: 1234, rowsRejected: 0, examples: [] })).toBe(
      "Imported 1,234 rows from DENTA_ELIG_20261116.csv, 0 rejected",
    );
    expect(
      importSummary({ file: "x.csv", rowsWritten: 7, rowsRejected: 3, examples: [{ line: 5, reason: "missing Last_Name" }, { line: 9, reason: "missing Subscriber_ID" }] }),
    ).toBe("Imported 7 rows from x.csv, 3 rejected (row 5: missing Last_Name; row 9: missing Subscriber_ID; 1 more)");
  });

  it("writes the refused rows' counts as it writes the imported rows', with thousands separated", () => {
    expect(importSummary({ file: "x.csv", rowsWritten: 80_000, rowsRejected: 40_000, examples: [{ line: 4, reason: "missing Last_Name" }] })).toBe(
      "Imported 80,000 rows from x.csv, 40,000 rejected (row 4: missing Last_Name; 39,999 more)",
    );
  });

  it("says one row, not one rows", () => {
    expect(importSummary({ file: "x.csv", rowsWritten: 1, rowsRejected: 0, examples: [] })).toBe("Imported 1 row from x.csv, 0 rejected");
  });

  it("says nothing was imported when no row was written, and that is not a success", () => {
    expect(importSummary({ file: "DENTA_header.csv", rowsWritten: 0, rowsRejected: 0, examples: [] })).toBe("Nothing imported: DENTA_header.csv has no rows under its header");
    expect(importSummary({ file: "x.csv", rowsWritten: 0, rowsRejected: 1, examples: [{ line: 2, reason: "missing Last_Name" }] })).toBe(
      "Nothing imported from x.csv: every row was rejected, 1 row (row 2: missing Last_Name)",
    );
    expect(importStatus({ rowsWritten: 0 })).toBe("failure");
    expect(importStatus({ rowsWritten: 1 })).toBe("success");
  });
});

describe("missingIntegration", () => {
  it("names the setting a job lacks, and nothing for a job that needs none or has it", () => {
    expect(missingIntegration("export-reminders", DEFAULT_SETTINGS)?.setting).toBe("REMINDERS_URL");
    expect(missingIntegration("send-status-report", DEFAULT_SETTINGS)?.skipped).toBe("Skipped: no recipients are configured (STATUS_REPORT_TO); nothing was sent");
    expect(missingIntegration("import-denta", DEFAULT_SETTINGS)).toBeUndefined();
    expect(missingIntegration("import-denta", new Set())?.setting).toBe("IMPORT_DIR");
    expect(missingIntegration("refresh-statuses", new Set())).toBeUndefined();
    expect(missingIntegration("send-status-report", new Set(["STATUS_REPORT_TO"]))).toBeUndefined();
  });

  it("is named in the description of every job that has one", () => {
    for (const job of JOBS) {
      const integration = missingIntegration(job.key, new Set());
      if (integration) expect(job.description).toContain(integration.setting);
    }
  });
});
