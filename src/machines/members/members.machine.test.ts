// The members list's parts working together (members.machine.ts): results and notes saved and the
// list reloaded, the agent's claims on the rows, and saving as one of a team. Each part's own rules
// are tested beside it (list/, claims/, save/, dialogs/, workMode/).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromCallback, fromPromise } from "xstate";
import type { Member, Practice, SavedFilters, SetupRecord } from "./members.filters";
import type { MembersQuery } from "./members.query";
import { membersMachine } from "./members.machine";
import { selectParts } from "./members.selectors";
import { selectStatus } from "./list/list.selectors";
import { selectControlsLocked } from "./save/resultSave.selectors";
import { membersListMachine } from "./list/list.machine";
import type { MemberOptions, MembersTableData } from "./list/list.types";
import { claimsMachine, type ClaimCommand } from "./claims/claims.machine";
import { resultSaveMachine, type SaveResultOutcome, type SaveResultRequest } from "./save/resultSave.machine";
import { membersDialogsMachine } from "./dialogs/dialogs.machine";
import { notesMachine, type Note, type NotesQuery, type SaveNoteOutcome, type SaveNotesRequest } from "./dialogs/notes.machine";
import { liveEventsMachine, type LiveEventsEvent, type StreamEvent } from "../liveEvents/liveEvents.machine";
import type { MemberClaim } from "./team";

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
  saveResult?: (request: SaveResultRequest) => Promise<SaveResultOutcome | void>;
  saveNote?: () => Promise<SaveNoteOutcome | void>;
  /** The page the list call answers (members 1 and 2 by default). */
  page?: () => Member[];
  /** What a claim of a member answers: the agent's own claim by default. */
  claimAnswer?: (memberId: number) => MemberClaim;
}

function start(options: Options = {}) {
  const queries: MembersQuery[] = [];
  const persisted: unknown[] = [];
  const failures: unknown[] = [];
  const saves: SaveResultRequest[] = [];
  const notesSaved: unknown[] = [];
  /** What the claim holders did, in order: "claim 2", "renew 2", "release 2". */
  const claims: string[] = [];
  /** The members whose call starts were recorded, in order. */
  const callStarts: number[] = [];
  /** The live event streams opened, newest last: the test reports what each stream does. */
  const streams: ((event: StreamEvent) => void)[] = [];
  const list = membersListMachine.provide({
    actors: {
      readSavedFilters: fromPromise(async () => options.saved ?? { url: {}, cookie: {}, unknown: [] }),
      loadOptions: fromPromise<MemberOptions, { userId: number }>(async () => ({ practices: PRACTICES, dentists: [], setup: options.setup ?? [] })),
      loadMembers: fromPromise<MembersTableData, MembersQuery>(async ({ input }) => {
        queries.push(input);
        const members = options.page?.() ?? [member(1), member(2)];
        return { members, members_count: members.length, pageNum: input.pageNum, total_count: 120 };
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
  const save = resultSaveMachine.provide({
    actors: {
      saveResult: fromPromise<SaveResultOutcome, SaveResultRequest>(async ({ input }) => {
        saves.push(input);
        return (await options.saveResult?.(input)) ?? { version: (input.version ?? 1) + 1 };
      }),
    },
    actions: { reportFailure: (_, { failure }) => failures.push(failure) },
  });
  const claimsLogic = claimsMachine.provide({
    actors: {
      recordCallStart: fromPromise<void, { memberId: number }>(async ({ input }) => void callStarts.push(input.memberId)),
      holdClaim: fromCallback<ClaimCommand, { memberId: number }>(({ input: { memberId }, sendBack, receive }) => {
        let ended = false;
        const claim = (what: string) => {
          claims.push(`${what} ${memberId}`);
          sendBack({ type: "members.claim.report", claim: options.claimAnswer?.(memberId) ?? claimBy(memberId, 7, "Ana", "Self") });
        };
        claim("claim");
        receive((command) => (command.type === "claim.renew" ? claim("renew") : (ended = true)));
        return () => void (ended || claims.push(`release ${memberId}`));
      }),
    },
  });
  const dialogs = membersDialogsMachine.provide({
    actors: {
      notesDialog: notesMachine.provide({
        actors: {
          loadNotes: fromPromise<Note[], NotesQuery>(async () => []),
          saveNote: fromPromise<SaveNoteOutcome, SaveNotesRequest>(async ({ input }) => {
            notesSaved.push(input);
            return (await options.saveNote?.()) ?? { version: (input.version ?? 1) + 1 };
          }),
        },
      }),
    },
  });
  const machine = membersMachine.provide({ actors: { list, save, claims: claimsLogic, dialogs } });
  const actor = createActor(machine, {
    input: { region: options.region ?? "all", userId: 7, defaultLocationId: options.defaultLocationId ?? "" },
  }).start();
  const parts = selectParts(actor.getSnapshot());
  return { actor, parts, queries, persisted, failures, saves, notesSaved, claims, streams, callStarts };
}

/** A claim by user `userId` that runs for 2 minutes from now. */
function claimBy(memberId: number, userId: number, firstname = "Marcus", lastname = "Reed"): MemberClaim {
  return { memberId, by: { id: userId, firstname, lastname }, expiresAt: new Date(Date.now() + 120_000).toISOString() };
}

/** What the list is doing as the agent sees it: a save asked about or written, else the list's own state. */
function status(parts: ReturnType<typeof start>["parts"]) {
  if (selectControlsLocked(parts.save.getSnapshot())) return "saving";
  if (parts.save.getSnapshot().matches("confirming")) return "confirming";
  return selectStatus(parts.list.getSnapshot());
}

/** Lets the stubs' promises settle under fake timers. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("members list's parts: results and notes", () => {
  it("saving a result sends the member's keys with callCenter, then reloads the list", async () => {
    const { parts, queries, saves } = start();
    await settle();
    parts.save.send({ type: "members.result.save", member: member(2), result: "Appointment Made" });
    expect(status(parts)).toBe("saving");
    await settle();
    expect(saves).toEqual([{ sid: "S2", Result: "Appointment Made", patnum: "102", practice: 1, addLocation: "callCenter", version: 1 }]);
    expect(queries).toHaveLength(2);
    expect(status(parts)).toBe("ready");
  });

  it("a failed save is reported and the list stays as it was", async () => {
    const { parts, queries, failures } = start({
      saveResult: async () => {
        throw { message: "Nope", statusCode: 400 };
      },
    });
    await settle();
    parts.save.send({ type: "members.result.save", member: member(1), result: "Broken" });
    await settle();
    expect(failures).toEqual([{ message: "Nope", statusCode: 400 }]);
    expect(queries).toHaveLength(1);
    expect(status(parts)).toBe("ready");
  });

  it("submitting a note saves it, closes the dialog and reloads the list", async () => {
    const { parts, queries, notesSaved } = start();
    await settle();
    parts.dialogs.send({ type: "members.notes.open", member: member(1) });
    await settle();
    const notes = parts.dialogs.getSnapshot().children.notes!;
    notes.send({ type: "notes.draft.change", text: "  Called, call back Friday " });
    notes.send({ type: "notes.submit" });
    await settle();
    expect(notesSaved).toEqual([
      { sid: "S1", practice: 1, patnum: "101", notes: "Called, call back Friday", addLocation: "callCenter", version: 1 },
    ]);
    expect(parts.dialogs.getSnapshot().matches("closed")).toBe(true);
    expect(queries).toHaveLength(2);
  });

  it("closing the notes dialog without submitting saves nothing and does not reload", async () => {
    const { parts, queries, notesSaved } = start();
    await settle();
    parts.dialogs.send({ type: "members.notes.open", member: member(1) });
    parts.dialogs.send({ type: "members.dialog.close" });
    await settle();
    expect(notesSaved).toEqual([]);
    expect(queries).toHaveLength(1);
  });

  it("the list reloads under an open dialog without closing it or cutting a pending search short", async () => {
    const { parts, queries } = start();
    await settle();
    parts.dialogs.send({ type: "members.crons.open" });
    parts.list.send({ type: "members.search.change", text: "lee" });
    await vi.advanceTimersByTimeAsync(400);
    parts.list.send({ type: "members.filter.change", change: { result: "Broken" } });
    await vi.advanceTimersByTimeAsync(349);
    expect(queries).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(queries.at(-1)).toMatchObject({ result: "Broken", search: "lee" });
    expect(parts.dialogs.getSnapshot().matches({ open: "crons" })).toBe(true);
  });
});

const result = (parts: ReturnType<typeof start>["parts"], id: number) => parts.list.getSnapshot().context.members.find((m) => m.id === id)!;

describe("members list's parts: claims", () => {
  it("claims the member the agent starts working, renews it every 45 s, and releases it when they leave the row", async () => {
    const { parts, claims } = start();
    await settle();
    parts.claims.send({ type: "members.work.start", member: member(2) });
    expect(claims).toEqual(["claim 2"]);
    expect(result(parts, 2).claim?.by.id).toBe(7);
    await vi.advanceTimersByTimeAsync(44_999);
    expect(claims).toEqual(["claim 2"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(claims).toEqual(["claim 2", "renew 2"]);
    parts.claims.send({ type: "members.work.start", member: member(2) });
    parts.claims.send({ type: "members.work.leave", memberId: 1 });
    expect(claims).toEqual(["claim 2", "renew 2"]);
    parts.claims.send({ type: "members.work.leave", memberId: 2 });
    expect(claims).toEqual(["claim 2", "renew 2", "release 2"]);
    expect(result(parts, 2).claim).toBeNull();
  });

  it("a call started from the phone link is recorded and claims the member, once per call", async () => {
    const { parts, claims, callStarts } = start();
    await settle();
    parts.claims.send({ type: "members.call.start", member: member(2) });
    await settle();
    expect(callStarts).toEqual([2]);
    expect(claims).toEqual(["claim 2"]);
    parts.claims.send({ type: "members.call.start", member: member(2) });
    await settle();
    expect(callStarts).toEqual([2, 2]);
    expect(claims).toEqual(["claim 2"]);
    parts.claims.send({ type: "members.call.start", member: member(1) });
    await settle();
    expect(callStarts).toEqual([2, 2, 1]);
    expect(claims).toEqual(["claim 2", "release 2", "claim 1"]);
  });

  it("moving to another member releases the first; leaving the page releases too", async () => {
    const { actor, parts, claims } = start();
    await settle();
    parts.claims.send({ type: "members.work.start", member: member(1) });
    parts.dialogs.send({ type: "members.notes.open", member: member(2) });
    expect(claims).toEqual(["claim 1", "release 1", "claim 2"]);
    // Focus moving into the member's notes dialog is not leaving the member.
    parts.claims.send({ type: "members.work.leave", memberId: 2 });
    expect(claims).toHaveLength(3);
    actor.stop();
    expect(claims).toEqual(["claim 1", "release 1", "claim 2", "release 2"]);
  });

  it("releases the claim when the member leaves the page the agent shows", async () => {
    let page = [member(1), member(2)];
    const { parts, claims } = start({ page: () => page });
    await settle();
    parts.claims.send({ type: "members.work.start", member: member(2) });
    page = [member(3), member(4)];
    parts.list.send({ type: "members.page.change", pageNum: 2 });
    await settle();
    expect(claims).toEqual(["claim 2", "release 2"]);
  });

  it("a saved result or note ends the claim on the server: nothing is released", async () => {
    const { actor, parts, claims } = start();
    await settle();
    parts.claims.send({ type: "members.work.start", member: member(1) });
    parts.save.send({ type: "members.result.save", member: member(1), result: "Confirm" });
    await settle();
    parts.dialogs.send({ type: "members.notes.open", member: member(2) });
    await settle();
    const notes = parts.dialogs.getSnapshot().children.notes!;
    notes.send({ type: "notes.draft.change", text: "Call back" });
    notes.send({ type: "notes.submit" });
    await settle();
    actor.stop();
    expect(claims).toEqual(["claim 1", "claim 2"]);
  });

  it("shows a colleague's claim the claim call answers (409) instead of the agent's", async () => {
    const { parts } = start({ claimAnswer: (id) => claimBy(id, 9) });
    await settle();
    parts.claims.send({ type: "members.work.start", member: member(1) });
    expect(result(parts, 1).claim?.by).toEqual({ id: 9, firstname: "Marcus", lastname: "Reed" });
  });

});

describe("members list's parts: saving as a team", () => {
  it("asks before saving a member a colleague is calling; Cancel saves nothing, Save anyway saves", async () => {
    const { parts, saves } = start({ page: () => [member(1, { claim: claimBy(1, 9), version: 4 }), member(2)] });
    await settle();
    parts.save.send({ type: "members.result.save", member: member(1), result: "Broken" });
    expect(parts.save.getSnapshot().context.confirming).toEqual({ memberId: 1, result: "Broken", claimedBy: "Marcus Reed" });
    parts.save.send({ type: "members.save.cancel" });
    await settle();
    expect(saves).toEqual([]);
    expect(status(parts)).toBe("ready");
    parts.save.send({ type: "members.result.save", member: member(1), result: "Broken" });
    parts.save.send({ type: "members.save.confirm" });
    await settle();
    expect(saves).toMatchObject([{ sid: "S1", Result: "Broken", version: 4 }]);
  });

  it("a search's late debounce while 'Save anyway?' is asked waits for the answer, then applies", async () => {
    const { parts, queries, saves } = start({ page: () => [member(1, { claim: claimBy(1, 9), version: 4 }), member(2)] });
    await settle();
    parts.list.send({ type: "members.search.change", text: "lee" });
    await vi.advanceTimersByTimeAsync(700);
    parts.save.send({ type: "members.result.save", member: member(1), result: "Broken" });
    await vi.advanceTimersByTimeAsync(49);
    expect(queries).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queries).toHaveLength(1);
    expect(status(parts)).toBe("confirming");
    parts.save.send({ type: "members.save.confirm" });
    await settle();
    expect(saves).toMatchObject([{ sid: "S1", Result: "Broken", version: 4 }]);
    expect(queries).toHaveLength(2);
    expect(queries[1]).toMatchObject({ search: "lee", pageNum: 1 });
    expect(status(parts)).toBe("ready");
  });

  it("a reload nobody asked for while 'Save anyway?' is asked waits for the answer; Cancel then reloads", async () => {
    const { parts, queries, saves } = start({ page: () => [member(1, { claim: claimBy(1, 9), version: 4 }), member(2)] });
    await settle();
    parts.save.send({ type: "members.result.save", member: member(1), result: "Broken" });
    parts.list.send({ type: "members.reload" });
    await settle();
    expect(queries).toHaveLength(1);
    expect(status(parts)).toBe("confirming");
    parts.save.send({ type: "members.save.cancel" });
    await settle();
    expect(saves).toEqual([]);
    expect(queries).toHaveLength(2);
    expect(status(parts)).toBe("ready");
  });

  it("a save refused because another landed since shows theirs; Keep theirs keeps it, Save mine sends mine on their version", async () => {
    const current = { version: 5, Result: "Appointment Made" as const, savedAt: "2026-11-24T10:42:00Z", savedBy: { firstname: "Priya", lastname: "Natarajan" } };
    let refuse = true;
    const { parts, saves, queries } = start({ saveResult: async () => (refuse ? { conflict: current } : undefined) });
    const saved: number[] = [];
    parts.save.on("members.result.saved", ({ memberId }) => void saved.push(memberId));
    await settle();
    parts.save.send({ type: "members.result.save", member: member(1), result: "No answer" });
    await settle();
    expect(parts.save.getSnapshot().context.conflicts[1]).toEqual({ mine: "No answer", current });
    expect(result(parts, 1)).toMatchObject({ Result: "Appointment Made", version: 5 });
    expect(queries).toHaveLength(1);
    // A refused save is not a saved result: the keyboard work mode stays on the member.
    expect(saved).toEqual([]);

    parts.save.send({ type: "members.conflict.keepTheirs", memberId: 1 });
    expect(parts.save.getSnapshot().context.conflicts).toEqual({});

    parts.save.send({ type: "members.result.save", member: member(1), result: "No answer" });
    await settle();
    refuse = false;
    parts.save.send({ type: "members.conflict.saveMine", memberId: 1 });
    await settle();
    expect(saves.at(-1)).toMatchObject({ Result: "No answer", version: 5 });
    expect(parts.save.getSnapshot().context.conflicts).toEqual({});
    expect(queries).toHaveLength(2);
    expect(saved).toEqual([1]);
  });
});
