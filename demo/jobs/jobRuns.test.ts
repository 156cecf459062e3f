import { beforeAll, describe, expect, it } from "vitest";
import { generateWorld, type DemoWorld } from "../world.ts";
import { PRACTICE_TIME_ZONE } from "../../domain/vocabulary.ts";

/** Jobs the demo's past never ran. */
const NEWER_THAN_THE_DEMO = ["Import practice feeds", "Clear ended claims"];

const local = new Intl.DateTimeFormat("en-US", { timeZone: PRACTICE_TIME_ZONE, hour: "numeric", minute: "numeric", hourCycle: "h23", weekday: "short" });
const WEEKDAY_NUMBERS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Whether a start time fits `minute hour * * days` in the practice group's zone, or a run every so many minutes. */
function fitsSchedule(cronTime: string, startTime: string): boolean {
  const [minute, hour, , , days] = cronTime.split(" ");
  const every = /^\*\/(\d+)$/.exec(minute!)?.[1];
  if (every) return new Date(startTime).getTime() % (Number(every) * 60_000) === 0;
  const parts = Object.fromEntries(local.formatToParts(new Date(startTime)).map((part) => [part.type, part.value]));
  const weekday = WEEKDAY_NUMBERS[parts.weekday!]!;
  const allowedDays =
    days === "*" ? [0, 1, 2, 3, 4, 5, 6] : days!.includes("-") ? [1, 2, 3, 4, 5] : days!.split(",").map(Number);
  return Number(parts.hour) === Number(hour) && Number(parts.minute) === Number(minute) && allowedDays.includes(weekday);
}

describe("buildCrons", () => {
  let db: DemoWorld;
  beforeAll(() => {
    db = generateWorld({ size: 200 });
  });

  it("has the payers' member imports and the other back-office jobs, none running", () => {
    const titles = db.crons.map((cron) => cron.title);
    for (const brand of ["DENTA", "MCNA", "UHC", "TMHP"]) expect(titles).toContain(`Import ${brand} members`);
    expect(titles).toEqual(expect.arrayContaining(["Refresh recare statuses", "Export appointment reminders"]));
    expect(db.crons.every((cron) => cron.reRun === "0")).toBe(true);
  });

  it("logs 5 to 20 finished runs per job, newest first, on its schedule, before now, with a failure unless it was skipped", () => {
    for (const cron of db.crons.filter((job) => !NEWER_THAN_THE_DEMO.includes(job.title))) {
      expect(cron.logs.length).toBeGreaterThanOrEqual(5);
      expect(cron.logs.length).toBeLessThanOrEqual(20);
      const starts = cron.logs.map((log) => log.startTime);
      expect(starts).toEqual([...starts].sort().reverse());
      const skipped = cron.logs.every((log) => log.status === "skipped");
      expect(skipped || cron.logs.some((log) => log.status === "failure"), cron.title).toBe(true);
      for (const log of cron.logs) {
        expect(fitsSchedule(cron.cronTime, log.startTime), `${cron.title} ${log.startTime}`).toBe(true);
        expect(log.endTime! >= log.startTime && log.endTime! < db.today.toISOString()).toBe(true);
      }
    }
  });

  it("has no past run of the jobs newer than the demo's past: the practice feeds' import and the ended claims' clearing", () => {
    for (const title of NEWER_THAN_THE_DEMO) expect(db.crons.find((cron) => cron.title === title)!.logs, title).toEqual([]);
  });

  it("claims no work that the default settings could not have done: reminders and the managers' report were skipped, saying why", () => {
    for (const title of ["Export appointment reminders", "Send members status report"]) {
      const logs = db.crons.find((cron) => cron.title === title)!.logs;
      expect(logs.every((log) => log.status === "skipped" && /^Skipped: .*\((REMINDERS_URL|STATUS_REPORT_TO)\)/.test(log.message)), title).toBe(true);
    }
  });

  it("reports imported and rejected rows with the reasons", () => {
    const imports = db.crons.filter((cron) => cron.title.startsWith("Import"));
    const messages = imports.flatMap((cron) => cron.logs.filter((log) => log.status === "success").map((log) => log.message));

    expect(messages.every((message) => /^Imported [\d,]+ rows from \w+_\d{8}\.csv, \d+ rejected/.test(message))).toBe(true);
    expect(messages.some((message) => /\(row \d+: .+\)$/.test(message))).toBe(true);
  });
});

describe("buildOpenIssues", () => {
  it("has the failed DENTA import as the current downtime of Members, a resolved one and one of another application", () => {
    const db = generateWorld({ size: 200 });
    const now = db.today.toISOString();
    const current = db.openIssues.filter((issue) => issue.closedAt === null && issue.downTimeStart <= now);
    const latestDentaImport = db.crons.find((cron) => cron.title === "Import DENTA members")!.logs[0]!;

    expect(latestDentaImport.status).toBe("failure");
    expect(current.find((issue) => issue.application === "Members")?.downTimeStart).toBe(latestDentaImport.startTime);
    expect(current.some((issue) => issue.application !== "Members")).toBe(true);
    expect(db.openIssues.some((issue) => issue.application === "Members" && issue.closedAt !== null)).toBe(true);
  });
});
