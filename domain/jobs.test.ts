import { describe, expect, it } from "vitest";
import { cronTimeOf, importSummary, JOBS } from "./jobs.ts";

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
    ]);
  });

  it("have ids and keys of their own", () => {
    expect(new Set(JOBS.map((job) => job.id)).size).toBe(JOBS.length);
    expect(JOBS.map((job) => job.key)).toEqual(["import-denta", "import-mcna", "import-uhc", "import-tmhp", "refresh-statuses", "export-reminders", "send-status-report"]);
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
});
