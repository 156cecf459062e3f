import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { createActor, fromPromise, type Actor } from "xstate";
import type { components } from "../../../contract/schema";
import { cronsMachine } from "../../machines/members/dialogs/crons.machine";
import { CronsDialog } from "./CronsDialog";
import { JOBS } from "../../../domain/jobs.ts";
import type { RecordingsImport } from "../../../domain/recordings/importReport.ts";

type Cron = components["schemas"]["Cron"];

const log = (id: number, status: Cron["logs"][number]["status"]) => ({
  id,
  startTime: "2026-11-28T06:00:00.000Z",
  endTime: "2026-11-28T06:00:01.000Z",
  status,
  message: `${status} run`,
});
const cron = (id: number, title: string, logs: Cron["logs"], reRun = "0"): Cron => ({ id, title, description: `${title}.`, cronTime: "0 6 * * *", reRun, logs });

let actor: Actor<typeof cronsMachine> | undefined;
afterEach(() => actor?.stop());

async function renderCrons(crons: Cron[], isAdmin = false, run = async ({ input }: { input: { id: number } }): Promise<Cron> => crons.find((job) => job.id === input.id)!) {
  actor = createActor(cronsMachine.provide({ actors: { load: fromPromise(async () => crons), run: fromPromise(run) } }), { input: { isAdmin } }).start();
  render(<CronsDialog actor={actor} onClose={() => {}} />);
  await screen.findByRole("heading", { name: new RegExp(`^${crons[0]!.title}`) });
}

const badgeOf = (title: string) => screen.getByRole("heading", { name: new RegExp(`^${title}`) }).querySelector(".badge")?.textContent ?? null;

describe("Crons dialog", () => {
  it("shows Finished only on a job that has finished a run, Running on one that runs, no badge otherwise", async () => {
    await renderCrons([
      cron(1, "Import DENTA members", [log(1, "success")]),
      cron(2, "Import MCNA members", [log(2, "failure")]),
      cron(3, "Send reminders", []),
      cron(4, "Export reminders", [log(4, "skipped"), log(5, "skipped")]),
      cron(5, "Refresh recare statuses", [log(6, "success")], "1"),
    ]);
    expect(badgeOf("Import DENTA members")).toBe("Finished");
    expect(badgeOf("Import MCNA members")).toBe("Finished");
    expect(badgeOf("Send reminders")).toBeNull();
    expect(badgeOf("Export reminders")).toBeNull();
    expect(badgeOf("Refresh recare statuses")).toBe("Running");
    expect(screen.getByRole("heading", { name: "Send reminders" })).toBeInTheDocument();
  });
});

describe("Run now", () => {
  const jobs = () => [cron(1, "Import DENTA members", [log(1, "success")]), cron(2, "Read the practices' Open Dental", [log(2, "skipped")], "3")];

  it("is offered to administrators on each job, not on one that runs; it starts the job and shows its new run", async () => {
    const started = { ...jobs()[0]!, reRun: "4", logs: [{ id: 9, startTime: "2026-11-29T11:00:00.000Z", endTime: null, status: "running" as const, message: "Waiting to start" }, log(1, "success")] };
    await renderCrons(jobs(), true, async () => started);
    expect(screen.getByRole("button", { name: "Run now: Read the practices' Open Dental" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Run now: Import DENTA members" }));
    expect(await screen.findByText("Waiting to start")).toBeInTheDocument();
    expect(badgeOf("Import DENTA members")).toBe("Running");
    expect(screen.getByRole("button", { name: "Run now: Import DENTA members" })).toBeDisabled();
  });

  it("says why a job could not be started", async () => {
    await renderCrons(jobs(), true, async () => {
      throw Object.assign(new Error("The job is already running"), { status: 409 });
    });
    await userEvent.click(screen.getByRole("button", { name: "Run now: Import DENTA members" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/^The job could not be started: /);
  });

  it("is not offered to other staff", async () => {
    await renderCrons(jobs());
    expect(within(screen.getByRole("region", { name: "Scheduled jobs and their runs" })).queryByRole("button")).toBeNull();
  });
});

describe("the report of Import call recordings run from here", () => {
  const RECORDINGS = JOBS.find((job) => job.key === "import-recordings")!.id;
  const report = (overrides: Partial<RecordingsImport>): RecordingsImport => ({
    id: 9, status: "success", startedAt: "2026-11-29T11:00:00.000Z", endedAt: "2026-11-29T11:00:02.000Z",
    message: "Re-run started by Alicia Moreno: Imported 2 recordings from /var/spool/asterisk/monitor; 1 key refused (not audio: 1)",
    rowsRead: 3, rowsWritten: 2, rowsRejected: 1, foundNothing: false,
    refusals: [{ key: "2026/11/29/notes.wav", reason: "not an audio file (its first bytes are no known audio format)" }], ...overrides,
  });

  async function runRecordingsImport(answer: RecordingsImport) {
    const job = cron(RECORDINGS, "Import call recordings", []);
    const started: Cron = { ...job, reRun: "9", logs: [{ id: 9, startTime: answer.startedAt, endTime: null, status: "running", message: "Re-run started by Alicia Moreno" }] };
    actor = createActor(
      cronsMachine.provide({
        actors: { load: fromPromise(async () => [job]), run: fromPromise(async () => started), loadRecordingsImport: fromPromise(async () => answer) },
      }),
      { input: { isAdmin: true } },
    ).start();
    render(<CronsDialog actor={actor} onClose={() => {}} />);
    await userEvent.click(await screen.findByRole("button", { name: "Run now: Import call recordings" }));
    return screen.findByRole("region", { name: /^Import call recordings, run of / });
  }

  it("shows what the run added and refused, each refused key with why", async () => {
    const shown = await runRecordingsImport(report({}));
    expect(within(shown).getByRole("heading")).toHaveTextContent(/: finished$/);
    expect(within(shown).getByRole("status")).toHaveTextContent("Imported 2 recordings");
    expect(within(shown).getByText("Recordings added").nextElementSibling).toHaveTextContent("2");
    expect(within(shown).getByText("Keys refused").nextElementSibling).toHaveTextContent("1");
    const refused = within(shown).getByRole("table", { name: "Keys it could not read" });
    expect(within(refused).getByRole("row", { name: /notes\.wav/ })).toHaveTextContent("not an audio file");
  });

  it("says when the run found nothing new", async () => {
    const shown = await runRecordingsImport(report({ rowsRead: 0, rowsWritten: 0, rowsRejected: 0, foundNothing: true, refusals: [], message: "Re-run started by Alicia Moreno: No new recordings in /var/spool/asterisk/monitor" }));
    expect(within(shown).getByRole("status")).toHaveTextContent("Found nothing new: the phone system wrote no recording since the last run.");
    expect(within(shown).queryByRole("table")).not.toBeInTheDocument();
  });
});
