import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { dashboardMachine, type HelpItem, type OpenIssue } from "./dashboard.machine";
import {
  selectHelpItems,
  selectHelpOpen,
  selectOpenFile,
  selectShowsDowntime,
  selectTrackerOpen,
  selectTrackerRows,
} from "./dashboard.selectors";

const issue: OpenIssue = {
  id: 3,
  application: "Members",
  downTimeStart: "2026-03-05T14:07:00",
  whatIsDown: "The DENTA import failed.",
  whatToDoMeanTime: "Work the list as usual.",
};

const item: HelpItem = {
  id: 1,
  heading: "Dashboard at a glance",
  description: "What the dashboard shows.",
  fileLinks: "https://x.example/tour.mp4,https://x.example/guide.pdf",
  parentPageId: "",
  pageId: "dashboard",
  type: "guide",
  updatedAt: "2026-03-01T00:00:00Z",
};

function start({
  openIssues = async () => [issue],
  help = async () => [item],
}: {
  openIssues?: (input: { applicationList: string[] }) => Promise<OpenIssue[]>;
  help?: (input: { pageId: string }) => Promise<HelpItem[]>;
} = {}) {
  const loadOpenIssues = vi.fn(openIssues);
  const loadHelp = vi.fn(help);
  const reportFailure = vi.fn();
  const actor = createActor(
    dashboardMachine.provide({
      actors: {
        loadOpenIssues: fromPromise(({ input }) => loadOpenIssues(input)),
        loadHelp: fromPromise(({ input }) => loadHelp(input)),
      },
      actions: { reportFailure: (_, { failure }) => reportFailure(failure) },
    }),
  ).start();
  return { actor, loadOpenIssues, loadHelp, reportFailure };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("dashboard machine", () => {
  it("checks the Members application's open issues 1 s after the dashboard loads, not before", async () => {
    const { actor, loadOpenIssues } = start();
    await vi.advanceTimersByTimeAsync(999);
    expect(loadOpenIssues).not.toHaveBeenCalled();
    expect(selectShowsDowntime(actor.getSnapshot())).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(loadOpenIssues).toHaveBeenCalledExactlyOnceWith({ applicationList: ["Members"] });
    expect(selectShowsDowntime(actor.getSnapshot())).toBe(true);
  });

  it("opens the tracker with the issues' dates as D MMMM YYYY HH:mm, and closes it", async () => {
    const { actor } = start();
    await vi.advanceTimersByTimeAsync(1000);
    actor.send({ type: "dashboard.tracker.open" });
    expect(selectTrackerOpen(actor.getSnapshot())).toBe(true);
    expect(selectTrackerRows(actor.getSnapshot())[0]?.downTimeStart).toBe("5 March 2026 14:07");
    actor.send({ type: "dashboard.tracker.close" });
    expect(selectTrackerOpen(actor.getSnapshot())).toBe(false);
  });

  it("shows no downtime icon and cannot open the tracker when nothing is open", async () => {
    const { actor } = start({ openIssues: async () => [] });
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectShowsDowntime(actor.getSnapshot())).toBe(false);
    actor.send({ type: "dashboard.tracker.open" });
    expect(selectTrackerOpen(actor.getSnapshot())).toBe(false);
  });

  it("hands a failed check to the generic error handler and shows no icon", async () => {
    const { actor, reportFailure } = start({ openIssues: () => Promise.reject({ message: "Unavailable", statusCode: 503 }) });
    await vi.advanceTimersByTimeAsync(1000);
    expect(reportFailure).toHaveBeenCalledWith({ message: "Unavailable", statusCode: 503 });
    expect(selectShowsDowntime(actor.getSnapshot())).toBe(false);
  });

  it("loads the dashboard's help items when the Help modal opens", async () => {
    const { actor, loadHelp } = start();
    expect(loadHelp).not.toHaveBeenCalled();
    actor.send({ type: "dashboard.help.open" });
    expect(selectHelpOpen(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(loadHelp).toHaveBeenCalledWith({ pageId: "dashboard" });
    expect(selectHelpItems(actor.getSnapshot())).toEqual([item]);
  });

  it("swallows a failed help call: the list is empty, nothing is reported", async () => {
    const { actor, reportFailure } = start({ help: () => Promise.reject({ message: "Down", statusCode: 500 }) });
    actor.send({ type: "dashboard.help.open" });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches({ help: "list" })).toBe(true);
    expect(selectHelpItems(actor.getSnapshot())).toEqual([]);
    expect(reportFailure).not.toHaveBeenCalled();
  });

  it("opens an item's videos or PDFs only, and returns to the list on close", async () => {
    const { actor } = start();
    actor.send({ type: "dashboard.help.open" });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: "dashboard.file.open", item, kind: "video" });
    expect(selectOpenFile(actor.getSnapshot())).toEqual({
      heading: "Dashboard at a glance",
      kind: "video",
      links: ["https://x.example/tour.mp4"],
    });
    actor.send({ type: "dashboard.file.close" });
    expect(selectOpenFile(actor.getSnapshot())).toBeNull();
    actor.send({ type: "dashboard.file.open", item: { ...item, fileLinks: "https://x.example/tour.mp4" }, kind: "pdf" });
    expect(selectOpenFile(actor.getSnapshot())?.links).toEqual([]);
    actor.send({ type: "dashboard.file.close" });
    actor.send({ type: "dashboard.help.close" });
    expect(selectHelpOpen(actor.getSnapshot())).toBe(false);
  });
});
