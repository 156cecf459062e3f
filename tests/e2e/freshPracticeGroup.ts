// A practice group's first day in production, for the walk that proves the practices' data comes
// in: a server on a fresh database (no demo data; its first administrator added by `npm run user`,
// as docs/operations.md says), an import inbox, and the practices' Open Dental on the test MariaDB
// (a generated practice, tests/support/openDentalFixture.ts) that the server's connector reads.
// Also what the walk does as the administrator through the API (the practices, Run now).
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import type { components } from "../../contract/schema.d.ts";
import { JOBS } from "../../domain/jobs.ts";
import { openDentalFixture, type OpenDentalFixture } from "../support/openDentalFixture.ts";
import { freePort, projectRoot, spawnServer } from "./target.ts";

type Cron = components["schemas"]["Cron"];
type CronLog = components["schemas"]["CronLog"];

export const FIRST_ADMIN = { name: "Wanda Walker", email: "wanda.walker@practice-group.example", first: "Wanda", last: "Walker" };

/** Open Dental's clinics and the practices they are. */
export const CLINICS = [
  { num: 1, abbr: "SM-HOUS", name: "Smile Magic Houston" },
  { num: 2, abbr: "SM-PASA", name: "Smile Magic Pasadena" },
];

export interface FreshPracticeGroup {
  baseURL: string;
  /** IMPORT_DIR: where the payers' files are dropped. */
  inbox: string;
  openDental: OpenDentalFixture;
  stop(): Promise<void>;
}

/** `YYYY-MM-DD HH:MM:SS` a day ago on this machine's clock, which the local MariaDB shares. */
function aDayAgo(): string {
  const then = new Date(Date.now() - 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${then.getFullYear()}-${pad(then.getMonth() + 1)}-${pad(then.getDate())} ${pad(then.getHours())}:${pad(then.getMinutes())}:00`;
}

export async function startFreshPracticeGroup(): Promise<FreshPracticeGroup> {
  const dataDir = mkdtempSync(join(tmpdir(), "recall-e2e-fresh-"));
  const inbox = join(dataDir, "inbox");
  mkdirSync(inbox);
  const openDental = await openDentalFixture({
    clinics: CLINICS.map(({ num, abbr }) => ({ num, abbr })),
    patients: 500,
    appointments: 1_500,
    plannedProcedures: 250,
    historyRows: 200,
    stamp: aDayAgo(),
  });
  try {
    const dataFolder = join(dataDir, "data");
    await promisify(execFile)(process.execPath, [
      join(projectRoot, "server/auth/userCommand.ts"),
      "add", FIRST_ADMIN.email, "--first", FIRST_ADMIN.first, "--last", FIRST_ADMIN.last, "--admin",
    ], { cwd: projectRoot, env: { ...process.env, DATA_DIR: dataFolder } });
    const server = await spawnServer("server", await freePort(), process.execPath, [join(projectRoot, "server/main.ts")], {
      DATA_DIR: dataFolder,
      IMPORT_DIR: inbox,
      SIGN_IN_RATE_LIMIT: "100000",
      QUEUE_CALLING_HOURS: "00:00-24:00",
      // Run now is taken up by a scheduler: this instance runs one whatever NODE_ENV says.
      SCHEDULER: "on",
      OPENDENTAL_URL: openDental.readerUrl,
      OPENDENTAL_CLINICS: CLINICS.map(({ num, abbr }) => `${num}=${abbr}`).join(","),
      // The walk runs the connector itself (Run now); a scheduled run in between would only wait its turn.
      OPENDENTAL_EVERY_MINUTES: "60",
    });
    return {
      baseURL: server.baseURL,
      inbox,
      openDental,
      stop: async () => {
        await server.stop();
        await openDental.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await openDental.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Calls the API as the signed-in user of the page; answers the status and the body. */
export function callApi(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const { accessToken } = JSON.parse(localStorage.getItem("recall-desk:auth") ?? "{}") as { accessToken: string };
      const answer = await fetch(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${accessToken}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await answer.text();
      return { status: answer.status, body: text ? (JSON.parse(text) as unknown) : undefined };
    },
    { method, path, body },
  );
}

/** The administrator's "Run now" of a job (by its key), waited for to its end: its run. */
export async function runJobNow(page: Page, key: string): Promise<CronLog> {
  const id = JOBS.find((job) => job.key === key)!.id;
  const deadline = Date.now() + 120_000;
  const pause = () => new Promise((resolve) => setTimeout(resolve, 300));
  const cron = async () => ((await callApi(page, "GET", "/Members/crons")).body as Cron[]).find((job) => job.id === id)!;
  // A scheduled run of it may be under way: Run now is refused until it ends.
  while ((await cron()).reRun !== "0") {
    if (Date.now() > deadline) throw new Error(`job ${key} kept running`);
    await pause();
  }
  const started = await callApi(page, "POST", `/Members/crons/${id}/rerun`);
  if (started.status !== 202) throw new Error(`Run now of ${key} answered ${started.status}: ${JSON.stringify(started.body)}`);
  const runId = (started.body as Cron).logs[0]!.id;
  for (;;) {
    const run = (await cron()).logs.find((log) => log.id === runId);
    if (run && run.status !== "running") return run;
    if (Date.now() > deadline) throw new Error(`the run of ${key} did not end: ${JSON.stringify(run)}`);
    await pause();
  }
}

const DAY_MS = 86_400_000;

/** A `YYYY-MM-DD` date moved by whole days. */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Every `YYYY-MM-DD` of a text moved so that `from` falls on `to`, times kept. */
export function movedDates(text: string, from: string, to: string): string {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
  return text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (date) => addDays(date, days));
}
