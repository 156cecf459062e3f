import { describe, expect, it } from "vitest";
import type { CronRecord } from "../../demo/records.ts";
import { RERUN_SECONDS, settleRerun, startRerun, toCronAnswer } from "./rerun";

function job(logs = 3): CronRecord {
  return {
    id: 1,
    title: "Import DENTA members",
    description: "…",
    cronTime: "0 5 * * *",
    reRun: "0",
    logs: Array.from({ length: logs }, (_, index) => ({
      id: logs - index,
      startTime: new Date(Date.UTC(2026, 10, 15 - index, 11)).toISOString(),
      endTime: new Date(Date.UTC(2026, 10, 15 - index, 11, 3)).toISOString(),
      status: "success" as const,
      message: "Imported 1,204 rows, 0 rejected",
    })),
  };
}

const at = (iso: string) => new Date(iso);

describe("re-running a job", () => {
  it("ends skipped, saying which setting it lacks, for a job a server with the defaults cannot do, and says so on the job", () => {
    const cron = { ...job(), id: 7, title: "Send members status report" };
    startRerun(cron, { id: 99, now: at("2026-11-16T15:00:00Z"), startedBy: "Alicia Moreno" });
    settleRerun(cron, at("2026-11-16T15:00:05Z"));
    expect(cron.logs[0]).toMatchObject({
      status: "skipped",
      message: "Re-run started by Alicia Moreno: Skipped: no recipients are configured (STATUS_REPORT_TO); nothing was sent",
    });
    expect(toCronAnswer(cron).notConfigured).toBe("Not configured: set STATUS_REPORT_TO to the practice managers' e-mail addresses.");
    expect(toCronAnswer(job()).notConfigured).toBeUndefined();
  });

  it("starts a running run as the newest log entry and marks the job running", () => {
    const cron = job();
    startRerun(cron, { id: 99, now: at("2026-11-16T15:00:00Z"), startedBy: "Alicia Moreno" });
    const answer = toCronAnswer(cron);

    expect(answer.reRun).not.toBe("0");
    expect(answer.logs[0]).toEqual({
      id: 99,
      startTime: "2026-11-16T15:00:00.000Z",
      endTime: null,
      status: "running",
      message: "Re-run started by Alicia Moreno",
    });
  });

  it(`keeps running for ${RERUN_SECONDS} s of the mock clock, then ends successfully`, () => {
    const cron = job();
    startRerun(cron, { id: 99, now: at("2026-11-16T15:00:00Z"), startedBy: "Alicia Moreno" });

    expect(settleRerun(cron, at("2026-11-16T15:00:04.999Z"))).toBe(true);
    expect(cron.logs[0]!.status).toBe("running");
    expect(settleRerun(cron, at("2026-11-16T15:00:05Z"))).toBe(false);
    expect(cron.reRun).toBe("0");
    expect(cron.logs[0]).toMatchObject({ status: "success", endTime: "2026-11-16T15:00:05.000Z" });
    expect(cron.logs[0]!.message).toMatch(/^Re-run started by Alicia Moreno: finished/);
  });

  it("answers the last 20 runs, newest first", () => {
    const answer = toCronAnswer(job(25));

    expect(answer.logs).toHaveLength(20);
    expect(answer.logs.map((log) => log.id)).toEqual(Array.from({ length: 20 }, (_, index) => 25 - index));
  });
});
