// @vitest-environment node
import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { APP_PAGES, helpPageOf } from "../../domain/setup/appPages.ts";
import { DEMO_AUDIO_FILES, HELP_FILES, HELP_FILES_PATH } from "../files.ts";
import { generateWorld } from "../world.ts";

const db = generateWorld({ size: 50 });
const today = db.today.getTime();
const DAY_MS = 86_400_000;
const demoFile = (path: string) => new URL(`../files/${path}`, import.meta.url);

describe("demo files", () => {
  it("has each help file, real and small", () => {
    for (const name of Object.values(HELP_FILES)) expect(statSync(demoFile(`help/${name}`)).size, name).toBeLessThan(60_000);
  });

  it("has each recording's audio as an MP3 file", () => {
    for (const name of DEMO_AUDIO_FILES) {
      const bytes = readFileSync(demoFile(`recordings/${name}`));
      expect(new TextDecoder().decode(bytes.subarray(0, 3)), name).toBe("ID3");
      expect(bytes.length).toBeGreaterThan(10_000);
    }
  });
});

describe("call recordings", () => {
  it("has several hundred recordings over the last 90 days, none in the future", () => {
    expect(db.recordings.length).toBeGreaterThan(300);
    const times = db.recordings.map((recording) => Date.parse(recording.recordedAt));
    expect(Math.max(...times)).toBeLessThanOrEqual(today);
    expect(Math.min(...times)).toBeGreaterThan(today - 91 * DAY_MS);
    expect(Math.min(...times)).toBeLessThan(today - 80 * DAY_MS);
  });

  it("files each recording under its day and practice, by an agent of the staff, with its own key", () => {
    const practices = new Map(db.practices.map((practice) => [practice.id, practice]));
    const emails = new Set(db.users.map((user) => user.email));
    for (const recording of db.recordings) {
      expect(recording.dateFolder).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(recording.practice).toBe(practices.get(recording.practiceId)?.practiceabbr);
      expect(emails.has(recording.mail)).toBe(true);
      expect(recording.url.startsWith(`${recording.dateFolder}/${recording.practice}/`)).toBe(true);
      expect(DEMO_AUDIO_FILES).toContain(recording.file);
    }
    expect(new Set(db.recordings.map((recording) => recording.url)).size).toBe(db.recordings.length);
  });

  it("spreads recordings over the four campaigns and many sizes", () => {
    expect(new Set(db.recordings.map((recording) => recording.campaign))).toEqual(
      new Set(["Recare Outreach", "New Patient Welcome", "Broken Appointment Follow-up", "Inbound"]),
    );
    const sizes = db.recordings.map((recording) => recording.size);
    expect(new Set(sizes).size).toBeGreaterThan(db.recordings.length / 2);
    expect(Math.min(...sizes)).toBeGreaterThan(0);
  });
});

describe("help items", () => {
  const pageIds = new Set(APP_PAGES.map((page) => helpPageOf(page.path).pageId));
  const links = (fileLinks: string) => (fileLinks === "" ? [] : fileLinks.split(","));

  it("belong to the app's screens, the dashboard, members list and reports among them", () => {
    for (const item of db.helpItems) {
      expect(pageIds.has(item.pageId), item.pageId).toBe(true);
      expect(item.parentPageId).toBe(helpPageOf(`/${item.pageId}`).parentPageId);
    }
    const covered = new Set(db.helpItems.map((item) => item.pageId));
    for (const pageId of ["dashboard", "members/all", "members-status-report", "call-recordings", "priority-status-report"]) {
      expect(covered.has(pageId), pageId).toBe(true);
    }
  });

  it("mix videos and PDFs: some items have both, some one kind, one has none", () => {
    const kinds = db.helpItems.map((item) => new Set(links(item.fileLinks).map((link) => link.split(".").at(-1))));
    expect(kinds.some((kind) => kind.has("mp4") && kind.has("pdf"))).toBe(true);
    expect(kinds.some((kind) => kind.size === 1 && kind.has("mp4"))).toBe(true);
    expect(kinds.some((kind) => kind.size === 1 && kind.has("pdf"))).toBe(true);
    expect(kinds.filter((kind) => kind.size === 0)).toHaveLength(1);
    const files = new Set<string>(Object.values(HELP_FILES).map((name) => `${HELP_FILES_PATH}${name}`));
    for (const item of db.helpItems) for (const link of links(item.fileLinks)) expect(files.has(link)).toBe(true);
  });

  it("are announced to every user when they changed in the last two weeks", () => {
    const recent = db.helpItems.filter((item) => today - Date.parse(item.updatedAt) <= 14 * DAY_MS);
    expect(recent.length).toBeGreaterThan(0);
    expect(db.helpNotifications).toHaveLength(recent.length * db.users.length);
    expect(db.helpNotifications.some((notification) => !notification.seen)).toBe(true);
  });
});

describe("page visits", () => {
  it("has visits of every user to the app's pages over the last 60 days, each with its own token", () => {
    const paths = new Set(APP_PAGES.map((page) => page.path));
    expect(new Set(db.pageVisits.map((visit) => visit.userId))).toEqual(new Set(db.users.map((user) => user.id)));
    for (const visit of db.pageVisits) {
      expect(paths.has(visit.visitedUrl.split("?")[0]!)).toBe(true);
      const at = Date.parse(visit.accessedAt);
      expect(at).toBeLessThanOrEqual(today);
      expect(at).toBeGreaterThan(today - 61 * DAY_MS);
    }
    expect(new Set(db.pageVisits.map((visit) => visit.token)).size).toBe(db.pageVisits.length);
  });

  it("lets only administrators visit administrator pages", () => {
    const admins = new Set(db.users.filter((user) => user.isAdmin).map((user) => user.id));
    const adminPaths = new Set(APP_PAGES.filter((page) => page.adminOnly).map((page) => page.path));
    for (const visit of db.pageVisits) if (adminPaths.has(visit.visitedUrl)) expect(admins.has(visit.userId)).toBe(true);
  });
});
