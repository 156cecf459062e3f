// The result save beside a stand-in list and claims: when it saves, what it asks first, how a
// refused save shows, and what the list and the claims are told.
import { describe, expect, it } from "vitest";
import { assign, createActor, emit, fromPromise, setup, type AnyEventObject } from "xstate";
import type { Member } from "../members.filters";
import type { ListEmitted } from "../list/list.types";
import type { ListRef } from "../list/list.follow";
import type { ResultSaveInput } from "./resultSave.machine";
import { resultSaveMachine, type SaveResultOutcome, type SaveResultRequest } from "./resultSave.machine";
import { selectConfirming, selectConflicts, selectControlsLocked, selectSavingResult } from "./resultSave.selectors";
import type { CurrentResult, MemberClaim } from "../team";

const member = (id: number, overrides: Partial<Member> = {}) =>
  ({ id, Subscriber_ID: `S${id}`, PatNum: `${100 + id}`, practiceId: 1, Result: "", version: 1, claim: null, ...overrides }) as Member;
const claimBy = (memberId: number, userId: number): MemberClaim => ({
  memberId,
  by: { id: userId, firstname: "Marcus", lastname: "Reed" },
  expiresAt: new Date(Date.now() + 120_000).toISOString(),
});
const CURRENT: CurrentResult = { version: 5, Result: "Appointment Made", savedAt: "2026-11-24T10:42:00Z", savedBy: { firstname: "Priya", lastname: "Natarajan" } };

/** A stand-in part: every event it is sent (as "type" or "type memberId"), and the list's page as its followers read it. */
function fakePart(members: Member[], log: string[]) {
  return createActor(
    setup({ types: { context: {} as { members: Member[] }, events: {} as AnyEventObject, emitted: {} as ListEmitted } }).createMachine({
      context: { members },
      initial: "active",
      states: { active: { initial: "page", states: { page: { initial: "ready", states: { ready: {}, loading: {} } } } } },
      on: {
        "test.loading": { target: ".active.page.loading", actions: emit({ type: "members.page.loading" } satisfies ListEmitted) },
        "test.loaded": {
          target: ".active.page.ready",
          actions: [assign({ members: ({ event }) => event.members }), emit(({ event }): ListEmitted => ({ type: "members.page.loaded", members: event.members }))],
        },
        "*": { actions: ({ event }) => void log.push(event.memberId === undefined ? event.type : `${event.type} ${event.memberId}`) },
      },
    }),
  ).start();
}

function start(page: Member[], answer: () => Promise<SaveResultOutcome> = async () => ({ version: 2 })) {
  const told: string[] = [];
  const list = fakePart(page, told);
  const claims = fakePart([], told);
  const sent: SaveResultRequest[] = [];
  const failures: unknown[] = [];
  const machine = resultSaveMachine.provide({
    actors: { saveResult: fromPromise<SaveResultOutcome, SaveResultRequest>(async ({ input }) => (sent.push(input), answer())) },
    actions: { reportFailure: (_, { failure }) => void failures.push(failure) },
  });
  const input = { list: list as unknown as ListRef, claims: claims as unknown as ResultSaveInput["claims"], userId: 7 };
  const save = createActor(machine, { input }).start();
  const saved: number[] = [];
  save.on("members.result.saved", ({ memberId }) => void saved.push(memberId));
  return { list, save, told, sent, failures, saved };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("result save", () => {
  it("saves with the version on the page, holds the list meanwhile, then reloads and releases the list before it ends the claim", async () => {
    const { list, save, told, sent, saved } = start([member(1, { version: 3 }), member(2)]);
    save.send({ type: "members.result.save", member: member(1), result: "Broken" });
    expect(selectControlsLocked(save.getSnapshot())).toBe(true);
    await settle();
    expect(sent).toEqual([{ sid: "S1", Result: "Broken", patnum: "101", practice: 1, addLocation: "callCenter", version: 3 }]);
    // The page's request leaves before anything the claims' end renders.
    expect(told).toEqual(["members.list.hold", "members.reload", "members.list.release", "members.claim.ended 1"]);
    expect(saved).toEqual([1]);
    // The saved result stays shown until the reloaded page has it.
    expect(selectSavingResult(save.getSnapshot())).toEqual({ memberId: 1, result: "Broken", version: 3 });
    list.send({ type: "test.loaded", members: [member(1, { Result: "Broken", version: 4 })] });
    expect(selectSavingResult(save.getSnapshot())).toBeNull();
  });

  it("saves a member served above the page (the work queue's) with its own keys and version", async () => {
    const { save, sent, saved } = start([member(1)]);
    save.send({ type: "members.result.save", member: member(9, { version: 4 }), result: "No answer" });
    await settle();
    expect(sent).toEqual([{ sid: "S9", Result: "No answer", patnum: "109", practice: 1, addLocation: "callCenter", version: 4 }]);
    expect(saved).toEqual([9]);
  });

  it("saves nothing while the list reads its page", () => {
    const { list, save, told } = start([member(1)]);
    list.send({ type: "test.loading" });
    save.send({ type: "members.result.save", member: member(1), result: "Broken" });
    expect(told).toEqual([]);
  });

  it("asks first about a member someone else is calling, and drops the question when the page is read again", () => {
    const { list, save, told, sent } = start([member(1, { claim: claimBy(1, 9) })]);
    save.send({ type: "members.result.save", member: member(1), result: "Broken" });
    expect(selectConfirming(save.getSnapshot())).toEqual({ memberId: 1, result: "Broken", claimedBy: "Marcus Reed" });
    list.send({ type: "test.loading" });
    expect(selectConfirming(save.getSnapshot())).toBeNull();
    expect(told).toEqual(["members.list.hold", "members.list.release"]);
    expect(sent).toEqual([]);
  });

  it("a refused save shows the member's result now on its row, keeps the choice while the page shows the member, then forgets it", async () => {
    const { list, save, told, saved } = start([member(1), member(2)], async () => ({ conflict: CURRENT }));
    save.send({ type: "members.result.save", member: member(1), result: "No answer" });
    await settle();
    expect(told).toEqual(["members.list.hold", "members.result.current 1", "members.list.release"]);
    expect(selectConflicts(save.getSnapshot())).toEqual({ 1: { mine: "No answer", current: CURRENT } });
    expect(saved).toEqual([]);
    list.send({ type: "test.loaded", members: [member(1), member(2)] });
    expect(Object.keys(selectConflicts(save.getSnapshot()))).toEqual(["1"]);
    list.send({ type: "test.loaded", members: [member(2)] });
    expect(selectConflicts(save.getSnapshot())).toEqual({});
  });

  it("a failed save is reported and releases the list", async () => {
    const { save, told, failures } = start([member(1)], async () => {
      throw { message: "Nope", statusCode: 400 };
    });
    save.send({ type: "members.result.save", member: member(1), result: "Broken" });
    await settle();
    expect(failures).toEqual([{ message: "Nope", statusCode: 400 }]);
    expect(told).toEqual(["members.list.hold", "members.list.release"]);
    expect(save.getSnapshot().value).toBe("idle");
  });
});
