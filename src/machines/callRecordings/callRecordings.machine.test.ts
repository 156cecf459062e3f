import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, fromCallback, fromPromise, waitFor } from "xstate";
import type { LiveEventsEvent } from "../liveEvents/liveEvents.machine";
import { callRecordingsMachine, type CallDirectory, type CallRecording, type DirectoryQuery, type RecordingsOf } from "./callRecordings.machine";
import { selectCallRecordingsExport, selectCampaigns, selectCount, selectPageCount, selectRange, selectRows, sizeInKb } from "./callRecordings.selectors";

const recording: CallRecording = {
  id: 7,
  name: "2026-03-05_0930_SMD-AUST.mp3",
  dateFolder: "2026-03-05",
  practice: "SMD-AUST",
  practiceId: 3,
  campaign: "Recare",
  phone: "(512) 555-0134",
  mail: "agent@recalldesk.example",
  size: 48_230,
  url: "recordings/2026-03-05/7",
  recordedAt: "2026-03-05T09:30:00",
  audioRemovedAt: null,
  memberId: null,
};

function start({
  directory = async () => ({ count: 40, rows: [recording] }),
  campaigns = async () => [{ name: "Recare", count: 40 }],
  download = async () => "https://x.example/file/abc",
  of,
}: {
  of?: RecordingsOf;
  directory?: (query: DirectoryQuery) => Promise<CallDirectory>;
  campaigns?: () => Promise<{ name: string; count: number }[]>;
  download?: (input: { key: string; title: string }) => Promise<string>;
} = {}) {
  const loadDirectory = vi.fn(directory);
  const loadCampaigns = vi.fn(campaigns);
  const requestDownload = vi.fn(download);
  const openInNewTab = vi.fn();
  const reportFailure = vi.fn();
  // The live stream's stand-in: what it hands the page, and what the page answers it.
  const live = { deliver: (_event: unknown) => {}, answers: [] as LiveEventsEvent[] };
  const actor = createActor(
    callRecordingsMachine.provide({
      actors: {
        loadCampaigns: fromPromise(() => loadCampaigns()),
        loadDirectory: fromPromise(({ input }) => loadDirectory(input)),
        requestDownload: fromPromise(({ input }) => requestDownload(input)),
        liveEvents: fromCallback<LiveEventsEvent>(({ sendBack, receive }) => {
          live.deliver = (event) => sendBack(event as never);
          receive((answer) => live.answers.push(answer));
        }) as never,
      },
      actions: {
        openInNewTab: (_, { url }) => openInNewTab(url),
        reportFailure: (_, { failure }) => reportFailure(failure),
      },
    }),
    { input: of === undefined ? {} : { of } },
  ).start();
  const settled = () => waitFor(actor, (s) => s.matches({ directory: "ready" }));
  return { actor, loadDirectory, loadCampaigns, requestDownload, openInNewTab, reportFailure, settled, live };
}

const lastQuery = (load: ReturnType<typeof vi.fn>) => load.mock.calls.at(-1)?.[0] as DirectoryQuery;

describe("call recordings machine", () => {
  it("loads the campaigns and the first page of every recording", async () => {
    const { actor, loadDirectory, settled } = start();
    await settled();
    expect(loadDirectory).toHaveBeenCalledWith({ campaign: "all", activePage: 1, selectedPageSize: 15, search: "" });
    expect(selectCampaigns(actor.getSnapshot())).toEqual([{ name: "Recare", count: 40 }]);
    expect(selectRows(actor.getSnapshot())[0]).toMatchObject({ phone: "(512) 555-0134", size: "47.1 KB", date: "03/05/2026 09:30 AM" });
    expect(selectPageCount(actor.getSnapshot())).toBe(3);
  });

  it("applies a date range only once two dates are picked, ordered", async () => {
    const { actor, loadDirectory, settled } = start();
    await settled();
    actor.send({ type: "callRecordings.calendar.open" });
    actor.send({ type: "callRecordings.calendar.pick", bound: "start", date: "2026-03-10" });
    expect(loadDirectory).toHaveBeenCalledTimes(1);
    expect(selectRange(actor.getSnapshot())).toBeNull();
    actor.send({ type: "callRecordings.calendar.pick", bound: "end", date: "2026-03-01" });
    await settled();
    expect(actor.getSnapshot().matches({ calendar: "closed" })).toBe(true);
    expect(lastQuery(loadDirectory)).toMatchObject({ dates: "2026-03-01,2026-03-10", activePage: 1 });
  });

  it("opening the calendar clears the previous range and lists every date again", async () => {
    const { actor, loadDirectory, settled } = start();
    await settled();
    actor.send({ type: "callRecordings.calendar.open" });
    actor.send({ type: "callRecordings.calendar.pick", bound: "start", date: "2026-03-01" });
    actor.send({ type: "callRecordings.calendar.pick", bound: "end", date: "2026-03-31" });
    await settled();
    actor.send({ type: "callRecordings.calendar.open" });
    expect(selectRange(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.picked).toEqual({ start: null, end: null });
    await settled();
    expect(lastQuery(loadDirectory).dates).toBeUndefined();
    // One date and closing: still no range.
    actor.send({ type: "callRecordings.calendar.pick", bound: "start", date: "2026-03-02" });
    actor.send({ type: "callRecordings.calendar.close" });
    expect(selectRange(actor.getSnapshot())).toBeNull();
  });

  describe("on fake timers", () => {
    afterEach(() => vi.useRealTimers());

    it("opens the calendar on the click that clears the range (§5), reloading only the directory", async () => {
      vi.useFakeTimers();
      const { actor, loadDirectory, loadCampaigns } = start();
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: "callRecordings.calendar.open" });
      actor.send({ type: "callRecordings.calendar.pick", bound: "start", date: "2026-03-01" });
      actor.send({ type: "callRecordings.calendar.pick", bound: "end", date: "2026-03-31" });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches({ calendar: "closed" })).toBe(true);

      actor.send({ type: "callRecordings.calendar.open" });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches({ calendar: "open" })).toBe(true);
      expect(selectRange(actor.getSnapshot())).toBeNull();
      expect(loadDirectory).toHaveBeenCalledTimes(3);
      expect(lastQuery(loadDirectory).dates).toBeUndefined();
      expect(loadCampaigns).toHaveBeenCalledTimes(1);
    });

    it("fetches the campaigns once per visit, however often the directory reloads", async () => {
      vi.useFakeTimers();
      const { actor, loadDirectory, loadCampaigns } = start();
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: "callRecordings.page.change", page: 2 });
      actor.send({ type: "callRecordings.campaign.change", campaign: "Recare" });
      actor.send({ type: "callRecordings.search.change", value: "555" });
      actor.send({ type: "callRecordings.search.submit" });
      actor.send({ type: "callRecordings.pageSize.change", pageSize: 50 });
      await vi.advanceTimersByTimeAsync(0);
      expect(loadDirectory).toHaveBeenCalledTimes(5);
      expect(loadCampaigns).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().matches({ directory: "ready" })).toBe(true);
    });
  });

  it("filters by campaign and trimmed search, back to page 1; pages and page sizes reload", async () => {
    const { actor, loadDirectory, settled } = start();
    await settled();
    actor.send({ type: "callRecordings.page.change", page: 3 });
    await settled();
    expect(lastQuery(loadDirectory).activePage).toBe(3);
    actor.send({ type: "callRecordings.campaign.change", campaign: "Recare" });
    await settled();
    expect(lastQuery(loadDirectory)).toMatchObject({ campaign: "Recare", activePage: 1 });
    actor.send({ type: "callRecordings.search.change", value: "  555-0134 " });
    expect(loadDirectory).toHaveBeenCalledTimes(3);
    actor.send({ type: "callRecordings.search.submit" });
    await settled();
    expect(lastQuery(loadDirectory)).toMatchObject({ search: "555-0134", activePage: 1 });
    actor.send({ type: "callRecordings.pageSize.change", pageSize: 50 });
    await settled();
    expect(lastQuery(loadDirectory)).toMatchObject({ selectedPageSize: 50, activePage: 1 });
    expect(selectCallRecordingsExport(actor.getSnapshot())).toEqual({ report: "callRecordings", query: { campaign: "Recare", search: "555-0134" } });
    actor.send({ type: "callRecordings.page.change", page: 2 });
    expect(selectCallRecordingsExport(actor.getSnapshot())).toBeNull();
  });

  it("swallows failed directory and campaign calls: an empty result", async () => {
    const { actor, reportFailure, settled } = start({
      directory: () => Promise.reject({ message: "Down", statusCode: 500 }),
      campaigns: () => Promise.reject({ message: "Down", statusCode: 500 }),
    });
    await settled();
    expect(selectCount(actor.getSnapshot())).toBe(0);
    expect(selectRows(actor.getSnapshot())).toEqual([]);
    expect(selectCampaigns(actor.getSnapshot())).toEqual([]);
    expect(reportFailure).not.toHaveBeenCalled();
  });

  it("downloads by asking for the link and opening it in a new tab; a failure is reported", async () => {
    const { actor, requestDownload, openInNewTab, settled } = start();
    await settled();
    actor.send({ type: "callRecordings.download", recording });
    await waitFor(actor, (s) => s.matches({ download: "idle" }));
    expect(requestDownload).toHaveBeenCalledWith({ key: "recordings/2026-03-05/7", title: "2026-03-05_0930_SMD-AUST.mp3" });
    expect(openInNewTab).toHaveBeenCalledWith("https://x.example/file/abc");

    const failing = start({ download: () => Promise.reject({ message: "No such recording", statusCode: 404 }) });
    await failing.settled();
    failing.actor.send({ type: "callRecordings.download", recording });
    await waitFor(failing.actor, (s) => s.matches({ download: "idle" }));
    expect(failing.reportFailure).toHaveBeenCalledWith({ message: "No such recording", statusCode: 404 });
    expect(failing.openInNewTab).not.toHaveBeenCalled();
  });

  it("shows sizes in KB with one decimal", () => {
    expect(sizeInKb(0)).toBe("0.0 KB");
    expect(sizeInKb(1536)).toBe("1.5 KB");
  });

  it("reloads the page it shows and the campaigns' counts when recordings are imported, on the same filters", async () => {
    const { actor, loadDirectory, loadCampaigns, settled, live } = start();
    await settled();
    actor.send({ type: "callRecordings.campaign.change", campaign: "Recare" });
    await settled();
    const loads = loadDirectory.mock.calls.length;
    live.deliver({ type: "live.event", event: { event: "recordings", data: { added: 3 } } });
    await settled();
    expect(loadDirectory).toHaveBeenCalledTimes(loads + 1);
    expect(lastQuery(loadDirectory)).toMatchObject({ campaign: "Recare", activePage: 1 });
    expect(loadCampaigns).toHaveBeenCalledTimes(2);
  });

  it("reloads after its stream comes back, then tells the stream it has resynced", async () => {
    const { loadDirectory, settled, live } = start();
    await settled();
    live.deliver({ type: "live.resync" });
    await settled();
    expect(loadDirectory).toHaveBeenCalledTimes(2);
    expect(live.answers).toEqual([{ type: "live.resynced" }]);
  });

  it("opens on one member's recordings, keeps to them under other filters and exports them, until told to show every one", async () => {
    const { actor, loadDirectory, settled } = start({ of: { kind: "member", memberId: 42, label: "Doe, Jane" } });
    await settled();
    expect(lastQuery(loadDirectory)).toEqual({ campaign: "all", activePage: 1, selectedPageSize: 15, search: "", memberId: 42 });
    expect(actor.getSnapshot().context.searchDraft).toBe("");
    actor.send({ type: "callRecordings.campaign.change", campaign: "Recare" });
    await settled();
    expect(lastQuery(loadDirectory)).toMatchObject({ campaign: "Recare", memberId: 42 });
    expect(selectCallRecordingsExport(actor.getSnapshot())).toEqual({ report: "callRecordings", query: { campaign: "Recare", search: "", memberId: 42 } });
    actor.send({ type: "callRecordings.page.change", page: 2 });
    await settled();
    actor.send({ type: "callRecordings.of.clear" });
    await settled();
    expect(lastQuery(loadDirectory)).toEqual({ campaign: "Recare", activePage: 1, selectedPageSize: 15, search: "" });
  });

  it("opens on one agent's recordings by their e-mail", async () => {
    const { loadDirectory, settled } = start({ of: { kind: "agent", email: "Priya.Natarajan@recalldesk.example", label: "Priya Natarajan" } });
    await settled();
    expect(lastQuery(loadDirectory)).toEqual({ campaign: "all", activePage: 1, selectedPageSize: 15, search: "", agent: "Priya.Natarajan@recalldesk.example" });
  });
});
