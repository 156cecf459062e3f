import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createActor, fromPromise, type Actor } from "xstate";
import type { components } from "../../../contract/schema";
import { listDialogMachine } from "../../machines/members/dialogs/listDialog.machine";
import { CronsDialog } from "./CronsDialog";

type Cron = components["schemas"]["Cron"];

const log = (id: number, status: Cron["logs"][number]["status"]) => ({
  id,
  startTime: "2026-11-28T06:00:00.000Z",
  endTime: "2026-11-28T06:00:01.000Z",
  status,
  message: `${status} run`,
});
const cron = (id: number, title: string, logs: Cron["logs"], reRun = "0"): Cron => ({ id, title, description: `${title}.`, cronTime: "0 6 * * *", reRun, logs });

let actor: Actor<typeof listDialogMachine> | undefined;
afterEach(() => actor?.stop());

async function renderCrons(crons: Cron[]) {
  actor = createActor(listDialogMachine.provide({ actors: { load: fromPromise(async (): Promise<unknown[]> => crons) } }), { input: { query: null } }).start();
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
