// The jobs tag: the scheduled jobs with their recent runs (Crons modal), and re-running a job.
import { describe, expect, it } from "vitest";
import { fieldsOf, useBackend } from "./fixtures";

const backend = useBackend();

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const crons = async () => {
  const answer = await backend.api.get("/Members/crons", { token: backend.staff.token });
  expect(answer.status).toBe(200);
  return answer.body as any[];
};
const rerun = (id: number | string, token = backend.admin.token) =>
  backend.api.post("/Members/crons/{id}/rerun", { token, path: { id } });
const newestFirst = (logs: any[]) =>
  logs.every((log, index) => index === 0 || logs[index - 1].startTime > log.startTime || (logs[index - 1].startTime === log.startTime && logs[index - 1].id > log.id));

describe("GET /Members/crons", () => {
  it("lists the jobs by title with a schedule, a description and their last runs, newest first", async () => {
    const jobs = await crons();
    expect(jobs.length).toBeGreaterThan(0);
    const keys = jobs.map((job) => [job.title, job.id]);
    expect(keys).toEqual([...keys].sort((a, b) => byText(a[0], b[0]) || a[1] - b[1]));
    for (const job of jobs) {
      expect(job.cronTime.split(" ")).toHaveLength(5);
      expect(job.description).not.toBe("");
      expect(job.logs.length).toBeLessThanOrEqual(20);
      expect(newestFirst(job.logs)).toBe(true);
      for (const log of job.logs.filter((entry: any) => entry.status !== "running")) {
        expect(log.endTime >= log.startTime).toBe(true);
      }
    }
  });

  it("has an import of each payer's member list, reporting imported and rejected rows, and failed runs", async () => {
    const jobs = await crons();
    const imports = jobs.filter((job) => /^Import .* members$/.test(job.title));
    expect(imports.map((job) => job.title)).toEqual(expect.arrayContaining(["Import DENTA members", "Import MCNA members", "Import UHC members"]));
    const logs = imports.flatMap((job) => job.logs);
    expect(logs.some((log) => log.status === "success" && /Imported [\d,]+ rows.*\d+ rejected/.test(log.message))).toBe(true);
    expect(jobs.flatMap((job) => job.logs).some((log) => log.status === "failure")).toBe(true);
  });
});

describe("jobs whose integration is not configured", () => {
  it("say so, naming the setting, and their runs were skipped with the reason, never a success", async () => {
    const jobs = await crons();
    for (const [title, setting] of [["Export appointment reminders", "REMINDERS_URL"], ["Send members status report", "STATUS_REPORT_TO"]]) {
      const job = jobs.find((candidate) => candidate.title === title);
      expect(job.notConfigured).toMatch(new RegExp(`^Not configured: set ${setting} `));
      expect(job.description).toContain(setting);
      expect(job.logs.length).toBeGreaterThan(0);
      for (const log of job.logs) expect(log).toMatchObject({ status: "skipped", message: expect.stringContaining(`(${setting})`) });
    }
    const refresh = jobs.find((candidate) => candidate.title === "Refresh recare statuses");
    expect(refresh.notConfigured).toBeUndefined();
  });
});

describe("POST /Members/crons/{id}/rerun", () => {
  it("starts the job now: 202, the job running, a new running run on top of its log", async () => {
    // A job that has run before, so that the new run goes on top of a log.
    const job = (await crons()).find((candidate) => candidate.reRun === "0" && candidate.logs.length > 0);
    const { status, body } = await rerun(job.id);
    expect(status).toBe(202);
    expect(body.id).toBe(job.id);
    expect(body.reRun).not.toBe("0");
    expect(body.logs[0]).toMatchObject({ status: "running", endTime: null });
    expect(body.logs[0].startTime >= job.logs[0].startTime).toBe(true);
    expect(body.logs.slice(1, 20)).toEqual(job.logs.slice(0, 19));

    const listed = (await crons()).find((candidate) => candidate.id === job.id);
    expect(listed.logs[0].id).toBe(body.logs[0].id);
  });

  it("answers 409 while the job is running", async () => {
    const job = (await crons()).find((candidate) => candidate.reRun === "0");
    expect((await rerun(job.id)).status).toBe(202);
    const again = await rerun(job.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("The job is already running");
  });

  it("is for administrators: 403 to other staff, and nothing starts", async () => {
    const job = (await crons()).find((candidate) => candidate.reRun === "0");
    expect((await rerun(job.id, backend.staff.token)).status).toBe(403);
    expect((await crons()).find((candidate) => candidate.id === job.id)).toEqual(job);
  });

  it("answers 404 for an unknown job and 400 naming id for one that is not an id", async () => {
    expect((await rerun(987654)).status).toBe(404);
    const invalid = await rerun("nightly");
    expect(invalid.status).toBe(400);
    expect(fieldsOf(invalid.body)).toContain("id");
  });
});
