// The report of a run of "Import call recordings" (getRecordingsImport): what the administrator
// who pressed Run now reads of it. Both targets run with the default settings, no phone system's
// place: the run is skipped, saying which setting it needs, and reads and refuses nothing. Runs
// over a real folder and bucket, with their counts and refused keys, are the server's tests
// (server/recordings/recordingsImport.test.ts).
import { describe, expect, it } from "vitest";
import { useBackend } from "./fixtures";

const backend = useBackend();

const crons = async () => (await backend.api.get("/Members/crons", { token: backend.admin.token })).body as { id: number; title: string; logs: { id: number }[] }[];
const report = (id: number, token = backend.admin.token) => backend.api.get("/call-recordings/imports/{id}", { token, path: { id } });

async function runNow() {
  const job = (await crons()).find((candidate) => candidate.title === "Import call recordings")!;
  const started = await backend.api.post("/Members/crons/{id}/rerun", { token: backend.admin.token, path: { id: job.id } });
  expect(started.status).toBe(202);
  return (started.body as { logs: { id: number }[] }).logs[0]!.id;
}

describe("GET /call-recordings/imports/{id}", () => {
  it("answers the run an administrator started with its counts, refused keys and whether it found nothing", async () => {
    const runId = await runNow();
    const answer = await report(runId);
    expect(answer.status).toBe(200);
    const run = answer.body as Record<string, unknown>;
    expect(run).toMatchObject({ id: runId, rowsRead: 0, rowsWritten: 0, rowsRejected: 0, foundNothing: false, refusals: [] });
    expect(["running", "skipped"]).toContain(run.status);
    if (run.status === "skipped") expect(run.message).toMatch(/RECORDINGS_SOURCE/);
    else expect(run.endedAt).toBeNull();
  });

  it("is 404 for a run of another job and for no run, 400 for an id that is none, 403 for staff and 401 without a session", async () => {
    const jobs = await crons();
    const other = jobs.find((job) => job.title !== "Import call recordings" && job.logs.length > 0)!;
    expect((await report(other.logs[0]!.id)).status).toBe(404);
    expect((await report(2_000_000_000)).status).toBe(404);
    expect((await backend.api.get("/call-recordings/imports/{id}", { token: backend.admin.token, path: { id: "first" } })).status).toBe(400);
    const recordingsRun = jobs.find((job) => job.title === "Import call recordings")!.logs[0]!.id;
    expect((await report(recordingsRun, backend.staff.token)).status).toBe(403);
    expect((await backend.api.get("/call-recordings/imports/{id}", { path: { id: recordingsRun } })).status).toBe(401);
  });
});
