// The members list alone: where it opens, its search, filters, paging and sort, the live stream's
// events on its rows, and what the parts beside it send it (claims, a refused save, a held page).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { noteServerDate } from "../../../api/serverClock";
import { ApiError } from "../../../api/errors";
import { createActor, fromCallback, fromPromise } from "xstate";
import type { Member, Practice, SavedFilters, SetupRecord } from "../members.filters";
import type { MembersQuery } from "../members.query";
import { membersListMachine } from "./list.machine";
import type { ListEmitted, MemberOptions, MembersTableData } from "./list.types";
import { selectSort, selectStatus } from "./list.selectors";
import { liveEventsMachine, type LiveEventsEvent, type StreamEvent } from "../../liveEvents/liveEvents.machine";
import type { MemberClaim } from "../team";

const practice = (id: number, region: Practice["region"], brands: Practice["brands"] = ["denta", "mcna"]): Practice => ({
  id,
  practice: `Practice ${id}`,
  practiceabbr: `P${id}`,
  region,
  brands,
});
const PRACTICES = [practice(1, "SMD"), practice(2, "SMD", ["uhc"]), practice(3, "FSD")];

const member = (id: number, overrides: Partial<Member> = {}): Member => ({
  id,
  company: "denta",
  Subscriber_ID: `S${id}`,
  PatNum: `${100 + id}`,
  MCO: "DentaQuest Medicaid",
  First_Name: "Ana",
  Middle_Name: "",
  Last_Name: `Last${id}`,
  Practice: "P1",
  practiceId: 1,
  Address1: "1 Main St",
  City: "Austin",
  State: "TX",
  Phone: "5125550100",
  Date_of_Birth: "2010-01-01",
  Age: 16,
  Days_Extracted: 3,
  notes: null,
  notestimestamp: null,
  Status: "New Patient",
  Result: "",
  LastVisit: null,
  NextApt: null,
  entryTime: "2026-11-01T10:00:00Z",
  version: 1,
  claim: null,
  callback: null,
  doNotCall: null,
  attempts: 0,
  timeZone: "America/Chicago",
  ...overrides,
});

interface Options {
  saved?: SavedFilters;
  setup?: SetupRecord[];
  defaultLocationId?: string;
  region?: "all" | "SMD" | "FSD";
  /** The page the list call answers (members 1 and 2 by default). */
  page?: () => Member[];
  /** The server refuses every cursor (400 naming it), as after an update that renamed an order. */
  refuseCursors?: boolean;
}

function start(options: Options = {}) {
  const queries: MembersQuery[] = [];
  const persisted: unknown[] = [];
  const failures: unknown[] = [];
  /** The live event streams opened, newest last: the test reports what each stream does. */
  const streams: ((event: StreamEvent) => void)[] = [];
  const machine = membersListMachine.provide({
    actors: {
      readSavedFilters: fromPromise(async () => options.saved ?? { url: {}, cookie: {}, unknown: [] }),
      loadOptions: fromPromise<MemberOptions, { userId: number }>(async () => ({ practices: PRACTICES, dentists: [], setup: options.setup ?? [] })),
      loadMembers: fromPromise<MembersTableData, MembersQuery>(async ({ input }) => {
        queries.push(input);
        if (options.refuseCursors && input.cursor) {
          throw new ApiError({ message: "Invalid request", statusCode: 400, details: [{ field: "cursor", message: "was read in another sort" }] });
        }
        const members = options.page?.() ?? [member(1), member(2)];
        const cursors = { next_cursor: `after-${input.pageNum}`, previous_cursor: `before-${input.pageNum}` };
        return { members, members_count: members.length, pageNum: input.pageNum, total_count: 120, ...cursors };
      }),
      liveEvents: liveEventsMachine.provide({
        actors: { stream: fromCallback<LiveEventsEvent>(({ sendBack }) => void streams.push((event: StreamEvent) => sendBack(event))) },
      }),
    },
    actions: {
      persistFilters: (_, params) => persisted.push(params),
      reportFailure: (_, { failure }) => failures.push(failure),
    },
  });
  const actor = createActor(machine, {
    input: { region: options.region ?? "all", userId: 7, defaultLocationId: options.defaultLocationId ?? "" },
  }).start();
  return { actor, queries, persisted, failures, streams };
}


/** A claim by user `userId` that runs for 2 minutes from now. */
function claimBy(memberId: number, userId: number, firstname = "Marcus", lastname = "Reed"): MemberClaim {
  return { memberId, by: { id: userId, firstname, lastname }, expiresAt: new Date(Date.now() + 120_000).toISOString() };
}

/** Lets the stubs' promises settle under fake timers. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("members list: starting", () => {
  it("loads the first page with every filter at all, then is ready", async () => {
    const { actor, queries } = start();
    await settle();
    expect(selectStatus(actor.getSnapshot())).toBe("ready");
    expect(queries).toEqual([
      {
        pageNum: 1,
        pageSize: 15,
        company: "all",
        search: "",
        dentistFirstName: "",
        result: "all",
        status: "all",
        priority: "all",
        practice: "all",
        sameColumn: false,
        mco: "all",
        region: "all",
      },
    ]);
    expect(actor.getSnapshot().context.totalCount).toBe(120);
  });

  it("preselects the user's default practices (defaultLocationId) and the saved setup's status", async () => {
    const { actor, queries } = start({
      defaultLocationId: "1;3",
      setup: [{ appId: "call_center", field: "status", value: "New Patient" }],
    });
    await settle();
    expect(actor.getSnapshot().context.filters.practiceIds).toEqual([1, 3]);
    expect(queries[0]).toMatchObject({ practice: "1,3", status: "New Patient" });
  });

  it("prefers the saved practice record to defaultLocationId, and more than 25 practices means All", async () => {
    const many = Array.from({ length: 26 }, (_, i) => i + 1).join(";");
    const { queries } = start({ defaultLocationId: "1", setup: [{ appId: "call_center", field: "practice", value: many }] });
    await settle();
    expect(queries[0]!.practice).toBe("all");
  });

  it("scopes the list and the practice choices to the route's region", async () => {
    const { actor, queries } = start({ region: "SMD", defaultLocationId: "1;3" });
    await settle();
    expect(actor.getSnapshot().context.practices.map((p) => p.id)).toEqual([1, 2]);
    expect(queries[0]).toMatchObject({ region: "SMD", practice: "1" });
  });

  it("restores the URL query over the cookie over the defaults, and the cookie's page size", async () => {
    const { actor, queries } = start({
      defaultLocationId: "1",
      saved: {
        url: { practiceIds: [2], brand: "uhc" },
        cookie: { practiceIds: [3], status: "Dropped Patient", result: "Broken", pageSize: 100 },
        unknown: [],
      },
    });
    await settle();
    expect(actor.getSnapshot().context.filters).toMatchObject({ practiceIds: [2], brand: "uhc", status: "Dropped Patient", result: "Broken" });
    expect(queries[0]).toMatchObject({ practice: "2", company: "uhc", status: "Dropped Patient", result: "Broken", pageSize: 100 });
  });

  it("opens a link's search at once (the live board's link to one member), in the search box too", async () => {
    const { actor, queries } = start({ saved: { url: { practiceIds: [2] }, cookie: {}, unknown: [], search: " 100200300 " } });
    await settle();
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatchObject({ practice: "2", search: "100200300" });
    expect(actor.getSnapshot().context.searchText).toBe(" 100200300 ");
  });

  it("opens a link naming an unknown practice or status on the whole list, and says what was unknown", async () => {
    const { actor, queries } = start({
      defaultLocationId: "1",
      saved: { url: { practiceIds: [999], brand: "uhc" }, cookie: { status: "Dropped Patient" }, unknown: ["status “Happy”"] },
    });
    await settle();
    expect(actor.getSnapshot().context.unknownInLink).toEqual(["status “Happy”", "practice 999"]);
    expect(queries[0]).toMatchObject({ practice: "all", company: "all", status: "all", priority: "all" });
  });

  it("mirrors the first filters into the URL and cookie at once", async () => {
    const { persisted } = start({ defaultLocationId: "3" });
    await settle();
    expect(persisted).toEqual([{ filters: expect.objectContaining({ practiceIds: [3] }), pageSize: 15 }]);
  });
});

describe("members list: search", () => {
  it("749 ms after the last keystroke does nothing; 750 ms loads once with the trimmed text", async () => {
    const { actor, queries } = start();
    await settle();
    actor.send({ type: "members.search.change", text: "sm" });
    await vi.advanceTimersByTimeAsync(500);
    actor.send({ type: "members.search.change", text: "  smith " });
    await vi.advanceTimersByTimeAsync(749);
    expect(queries).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queries).toHaveLength(2);
    expect(queries[1]!.search).toBe("smith");
    await vi.advanceTimersByTimeAsync(5000);
    expect(queries).toHaveLength(2);
  });

  it("does not reload when only surrounding spaces changed", async () => {
    const { actor, queries } = start();
    await settle();
    actor.send({ type: "members.search.change", text: "smith" });
    await vi.advanceTimersByTimeAsync(750);
    actor.send({ type: "members.search.change", text: " smith  " });
    await vi.advanceTimersByTimeAsync(750);
    expect(queries.map((q) => q.search)).toEqual(["", "smith"]);
  });

  it("a new search starts at page 1 without the sort flags", async () => {
    const { actor, queries } = start();
    await settle();
    actor.send({ type: "members.sort.toggle", column: "Age" });
    actor.send({ type: "members.page.change", pageNum: 3 });
    await settle();
    actor.send({ type: "members.search.change", text: "ana" });
    await vi.advanceTimersByTimeAsync(750);
    expect(queries.at(-1)).toMatchObject({ search: "ana", pageNum: 1, sameColumn: false });
    expect(queries.at(-1)!.orderByColumn).toBeUndefined();
  });
});

describe("members list: filters, paging and sort", () => {
  it("a filter change reloads at page 1 without the sort flags and is persisted", async () => {
    const { actor, queries, persisted } = start();
    await settle();
    actor.send({ type: "members.sort.toggle", column: "Last_Name" });
    actor.send({ type: "members.sort.toggle", column: "Last_Name" });
    actor.send({ type: "members.page.change", pageNum: 2 });
    await settle();
    expect(queries.at(-1)).toMatchObject({ orderByColumn: "Last_Name", sameColumn: true, pageNum: 2 });
    actor.send({ type: "members.filter.change", change: { status: "New Patient" } });
    await settle();
    expect(queries.at(-1)).toMatchObject({ status: "New Patient", pageNum: 1, sameColumn: false });
    expect(queries.at(-1)!.orderByColumn).toBeUndefined();
    expect(persisted.at(-1)).toEqual({ filters: expect.objectContaining({ status: "New Patient" }), pageSize: 15 });
  });

  it("a brand change resets the practice to All and an MCO of another brand", async () => {
    const { actor, queries } = start({ defaultLocationId: "1" });
    await settle();
    actor.send({ type: "members.filter.change", change: { mco: "DentaQuest CHIP" } });
    actor.send({ type: "members.filter.change", change: { brand: "mcna" } });
    await settle();
    expect(queries.at(-1)).toMatchObject({ company: "mcna", practice: "all", mco: "all" });
  });

  it("clicking a column sorts ascending, the same column again descending, then ascending", async () => {
    const { actor, queries } = start();
    await settle();
    actor.send({ type: "members.sort.toggle", column: "Age" });
    await settle();
    expect(selectSort(actor.getSnapshot())).toEqual({ column: "Age", direction: "asc" });
    actor.send({ type: "members.sort.toggle", column: "Age" });
    await settle();
    expect(selectSort(actor.getSnapshot())).toEqual({ column: "Age", direction: "desc" });
    actor.send({ type: "members.sort.toggle", column: "Age" });
    actor.send({ type: "members.sort.toggle", column: "Phone" });
    await settle();
    expect(queries.slice(1).map((q) => [q.orderByColumn, q.sameColumn])).toEqual([
      ["Age", false],
      ["Age", true],
      ["Age", false],
      ["Phone", false],
    ]);
  });

  it("changes page within range only, and a page size change goes back to page 1 and is persisted", async () => {
    const { actor, queries, persisted } = start();
    await settle();
    actor.send({ type: "members.page.change", pageNum: 9 }); // 120 members / 15 = 8 pages
    actor.send({ type: "members.page.change", pageNum: 8 });
    await settle();
    actor.send({ type: "members.pageSize.change", pageSize: 1000 });
    await settle();
    expect(queries.slice(1).map((q) => [q.pageNum, q.pageSize])).toEqual([
      [8, 15],
      [1, 1000],
    ]);
    expect(persisted.at(-1)).toMatchObject({ pageSize: 1000 });
  });

  it("reads a page again by its number when the server refuses its cursor", async () => {
    const { actor, queries, failures } = start({ refuseCursors: true });
    await settle();
    actor.send({ type: "members.page.change", pageNum: 2 });
    await settle();
    expect(queries.slice(-2)).toMatchObject([{ pageNum: 2, cursor: "after-1" }, { pageNum: 2 }]);
    expect(queries.at(-1)!.cursor).toBeUndefined();
    expect(selectStatus(actor.getSnapshot())).toBe("ready");
    expect(actor.getSnapshot().context.pageNum).toBe(2);
    expect(failures).toEqual([]);
  });

  it("turns to the next and previous page from the loaded page's cursors, to page 1 and any other by number", async () => {
    const { actor, queries } = start();
    await settle();
    const turn = async (pageNum: number) => {
      actor.send({ type: "members.page.change", pageNum });
      await settle();
      return queries.at(-1)!;
    };
    expect(await turn(2)).toMatchObject({ pageNum: 2, cursor: "after-1" });
    expect(await turn(3)).toMatchObject({ pageNum: 3, cursor: "after-2" });
    expect(await turn(2)).toMatchObject({ pageNum: 2, cursor: "before-3" });
    expect((await turn(5)).cursor).toBeUndefined();
    expect((await turn(4)).cursor).toBe("before-5");
    actor.send({ type: "members.reload" });
    await settle();
    expect(queries.at(-1)).toMatchObject({ pageNum: 4, cursor: "before-5" });
    expect((await turn(1)).cursor).toBeUndefined();
    await turn(2);
    actor.send({ type: "members.sort.toggle", column: "City" });
    await settle();
    expect(queries.at(-1)).toMatchObject({ pageNum: 1, orderByColumn: "City" });
    expect(queries.at(-1)!.cursor).toBeUndefined();
  });

  it("a failed load reports the failure and Try again loads again", async () => {
    let fail = true;
    const failures: unknown[] = [];
    const machine = membersListMachine.provide({
      actors: {
        readSavedFilters: fromPromise(async (): Promise<SavedFilters> => ({ url: {}, cookie: {}, unknown: [] })),
        loadOptions: fromPromise<MemberOptions, { userId: number }>(async () => ({ practices: [], dentists: [], setup: [] })),
        loadMembers: fromPromise<MembersTableData, MembersQuery>(async () => {
          if (fail) throw { message: "Boom", statusCode: 500 };
          return { members: [], members_count: 0, pageNum: 1, total_count: 0 };
        }),
      },
      actions: { reportFailure: (_, { failure }) => failures.push(failure) },
    });
    const actor = createActor(machine, { input: { region: "all", userId: 1, defaultLocationId: "" } }).start();
    await settle();
    expect(selectStatus(actor.getSnapshot())).toBe("failed");
    expect(failures).toEqual([{ message: "Boom", statusCode: 500 }]);
    fail = false;
    actor.send({ type: "members.retry" });
    await settle();
    expect(selectStatus(actor.getSnapshot())).toBe("ready");
  });
});


const result = (actor: ReturnType<typeof start>["actor"], id: number) => actor.getSnapshot().context.members.find((m) => m.id === id)!;
const memberEvent = (memberId: number, version: number, Result: Member["Result"]) =>
  ({ type: "live.event", event: { event: "member", data: { memberId, version, Result, notes: "Called", notestimestamp: "2026-11-24T10:00:00Z" } } }) as const;

describe("members list: claims on the rows", () => {
  it("drops a claim from its row when its expiresAt passes, without an event", async () => {
    const { actor } = start({ page: () => [member(1, { claim: claimBy(1, 9) }), member(2)] });
    await settle();
    await vi.advanceTimersByTimeAsync(119_999);
    expect(result(actor, 1).claim).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(result(actor, 1).claim).toBeNull();
  });

  it("times a claim by the server's clock, not a browser clock minutes ahead of it", async () => {
    const serverTime = Date.now();
    // The browser's clock runs 3 minutes ahead: by it, a claim made a moment ago ended a minute ago.
    vi.setSystemTime(serverTime + 180_000);
    noteServerDate(new Date(serverTime).toUTCString(), Date.now() - 500);
    try {
      const claim = { ...claimBy(1, 9), expiresAt: new Date(serverTime + 120_000).toISOString() };
      const { actor } = start({ page: () => [member(1, { claim }), member(2)] });
      await settle();
      expect(result(actor, 1).claim).toEqual(claim);
      await vi.advanceTimersByTimeAsync(119_000);
      expect(result(actor, 1).claim).not.toBeNull();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(result(actor, 1).claim).toBeNull();
    } finally {
      noteServerDate(new Date().toUTCString());
    }
  });
});

describe("members list: the live list", () => {
  it("updates a row in place from a newer save, and ignores an older one", async () => {
    const { actor, queries } = start();
    await settle();
    const before = actor.getSnapshot().context.members;
    actor.send(memberEvent(2, 3, "Confirm"));
    expect(result(actor, 2)).toMatchObject({ Result: "Confirm", version: 3, notes: "Called" });
    expect(actor.getSnapshot().context.members[0]).toBe(before[0]);
    actor.send(memberEvent(2, 2, "Broken"));
    expect(result(actor, 2).Result).toBe("Confirm");
    actor.send({ type: "live.event", event: { event: "claim", data: { memberId: 1, claim: claimBy(1, 9) } } });
    expect(result(actor, 1).claim?.by.id).toBe(9);
    expect(queries).toHaveLength(1);
  });

  it("applies events that arrive during a load to the page it loads", async () => {
    const { actor } = start();
    await settle();
    actor.send({ type: "members.reload" });
    actor.send(memberEvent(1, 2, "Transfer"));
    await settle();
    expect(result(actor, 1).Result).toBe("Transfer");
  });

  it("refreshes the count 1 s after colleagues' saves when a result filter is set, without reloading the page", async () => {
    const { actor, queries } = start();
    await settle();
    actor.send(memberEvent(2, 3, "Confirm"));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(queries).toHaveLength(1);
    actor.send({ type: "members.filter.change", change: { result: "" } });
    actor.send({ type: "members.page.change", pageNum: 3 });
    await settle();
    expect(queries).toHaveLength(3);
    actor.send(memberEvent(2, 4, "Confirm"));
    actor.send(memberEvent(1, 2, "Broken"));
    await vi.advanceTimersByTimeAsync(999);
    expect(queries).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(queries).toHaveLength(4);
    expect(queries.at(-1)).toMatchObject({ result: "", pageNum: 1, pageSize: 15 });
    expect(actor.getSnapshot().context.pageNum).toBe(3);
    expect(selectStatus(actor.getSnapshot())).toBe("ready");
  });

  it("reloads the page once the stream reconnects, and the stream is live again after it", async () => {
    const { actor, queries, streams } = start();
    await settle();
    streams[0]!({ type: "stream.open" });
    streams[0]!({ type: "stream.failed" });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(streams).toHaveLength(2);
    expect(queries).toHaveLength(1);
    streams[1]!({ type: "stream.open" });
    expect(selectStatus(actor.getSnapshot())).toBe("loading");
    await settle();
    expect(queries).toHaveLength(2);
    expect((actor.getSnapshot().children.live!.getSnapshot() as { value: unknown }).value).toEqual({ streaming: "live" });
  });
});
describe("members list: what the parts beside it send it", () => {
  it("shows a claim the claims report on its row, and drops the agent's own claim when told, not a colleague's", async () => {
    const { actor } = start();
    await settle();
    actor.send({ type: "members.claim.report", claim: claimBy(1, 7) });
    actor.send({ type: "members.claim.report", claim: claimBy(2, 9) });
    expect(result(actor, 1).claim?.by.id).toBe(7);
    actor.send({ type: "members.claim.drop", memberId: 1 });
    actor.send({ type: "members.claim.drop", memberId: 2 });
    expect(result(actor, 1).claim).toBeNull();
    expect(result(actor, 2).claim?.by.id).toBe(9);
  });

  it("shows the member's result now on its row when a save was refused", async () => {
    const { actor } = start();
    await settle();
    const current = { version: 5, Result: "Appointment Made" as const, savedAt: "2026-11-24T10:42:00Z", savedBy: { firstname: "Priya", lastname: "Natarajan" } };
    actor.send({ type: "members.result.current", memberId: 1, current });
    expect(result(actor, 1)).toMatchObject({ Result: "Appointment Made", version: 5 });
    expect(result(actor, 2)).toMatchObject({ Result: "", version: 1 });
  });

  it("while held, keeps its filters and reads the page again after a reconnect only once released", async () => {
    const { actor, queries, streams } = start();
    await settle();
    actor.send({ type: "members.list.hold" });
    actor.send({ type: "members.filter.change", change: { status: "New Patient" } });
    streams[0]!({ type: "stream.open" });
    streams[0]!({ type: "stream.failed" });
    await vi.advanceTimersByTimeAsync(1_000);
    streams[1]!({ type: "stream.open" });
    await settle();
    expect(queries).toHaveLength(1);
    actor.send({ type: "members.list.release" });
    await settle();
    expect(queries).toHaveLength(2);
    expect(queries[1]!.status).toBe("all");
    actor.send({ type: "members.list.hold" });
    actor.send({ type: "members.list.release" });
    await settle();
    expect(queries).toHaveLength(2);
  });

  it("tells its followers of each page load begun, done with its rows, or failed", async () => {
    let fail = false;
    const { actor } = start({
      page: () => {
        if (fail) throw { message: "Boom", statusCode: 500 };
        return [member(3)];
      },
    });
    const heard: string[] = [];
    const listen = (type: ListEmitted["type"]) =>
      actor.on(type, (event) => heard.push("members" in event ? `${type} ${event.members.map((m) => m.id).join(",")}` : type));
    listen("members.page.loading");
    listen("members.page.loaded");
    listen("members.page.failed");
    await settle();
    fail = true;
    actor.send({ type: "members.reload" });
    await settle();
    expect(heard).toEqual(["members.page.loading", "members.page.loaded 3", "members.page.loading", "members.page.failed"]);
  });
});
