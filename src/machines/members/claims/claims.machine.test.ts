// The agent's claims beside a stand-in list: what is claimed, renewed and released, and what the
// list is told of it.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { assign, createActor, emit, fromCallback, fromPromise, setup, type AnyEventObject } from "xstate";
import type { Member } from "../members.filters";
import type { ListEmitted } from "../list/list.types";
import type { ListRef } from "../list/list.follow";
import { claimsMachine, type ClaimCommand } from "./claims.machine";
import { selectWorking } from "./claims.selectors";
import type { MemberClaim } from "../team";

const member = (id: number) => ({ id, version: 1, claim: null }) as unknown as Member;

/** A stand-in list: a page shown, every event it is sent, and a page load it emits on `test.loaded`. */
function fakeList() {
  const received: AnyEventObject[] = [];
  const list = createActor(
    setup({ types: { context: {} as { members: Member[] }, events: {} as AnyEventObject, emitted: {} as ListEmitted } }).createMachine({
      context: { members: [member(1), member(2)] },
      initial: "active",
      states: { active: { initial: "page", states: { page: { initial: "ready", states: { ready: {} } } } } },
      on: {
        "test.loaded": {
          actions: [
            assign({ members: ({ event }) => event.members }),
            emit(({ event }): ListEmitted => ({ type: "members.page.loaded", members: event.members })),
          ],
        },
        "*": { actions: ({ event }) => void received.push(event) },
      },
    }),
  ).start();
  return { list, received };
}

const claimBy = (memberId: number, userId: number): MemberClaim => ({
  memberId,
  by: { id: userId, firstname: "Ana", lastname: "Self" },
  expiresAt: new Date(Date.now() + 120_000).toISOString(),
});

function start() {
  const { list, received } = fakeList();
  /** What the claim holders did, in order: "claim 2", "renew 2", "release 2". */
  const held: string[] = [];
  const callStarts: number[] = [];
  const machine = claimsMachine.provide({
    actors: {
      recordCallStart: fromPromise<void, { memberId: number }>(async ({ input }) => void callStarts.push(input.memberId)),
      holdClaim: fromCallback<ClaimCommand, { memberId: number }>(({ input: { memberId }, sendBack, receive }) => {
        let ended = false;
        held.push(`claim ${memberId}`);
        sendBack({ type: "members.claim.report", claim: claimBy(memberId, 7) });
        receive((command) => (command.type === "claim.renew" ? held.push(`renew ${memberId}`) : (ended = true)));
        return () => void (ended || held.push(`release ${memberId}`));
      }),
    },
  });
  const claims = createActor(machine, { input: { list: list as unknown as ListRef } }).start();
  const told = () => received.filter((event) => event.type.startsWith("members.claim.")).map((event) => `${event.type} ${event.memberId ?? event.claim.memberId}`);
  return { list, claims, held, callStarts, told };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("claims", () => {
  it("claims the member the agent works, renews the claim every 45 s, and tells the list of it and of its end", async () => {
    const { claims, held, told } = start();
    claims.send({ type: "members.work.start", member: member(2) });
    expect(held).toEqual(["claim 2"]);
    expect(told()).toEqual(["members.claim.report 2"]);
    await vi.advanceTimersByTimeAsync(44_999);
    expect(held).toEqual(["claim 2"]);
    await vi.advanceTimersByTimeAsync(1);
    expect(held).toEqual(["claim 2", "renew 2"]);
    claims.send({ type: "members.work.leave", memberId: 2 });
    expect(held).toEqual(["claim 2", "renew 2", "release 2"]);
    expect(told()).toEqual(["members.claim.report 2", "members.claim.drop 2"]);
  });

  it("focus moving into one of the list's dialogs is not leaving the member; after it closes, it is", () => {
    const { claims, held } = start();
    claims.send({ type: "members.work.start", member: member(1) });
    claims.send({ type: "members.dialog.opened" });
    claims.send({ type: "members.work.leave", memberId: 1 });
    expect(held).toEqual(["claim 1"]);
    claims.send({ type: "members.dialog.closed" });
    claims.send({ type: "members.work.leave", memberId: 1 });
    expect(held).toEqual(["claim 1", "release 1"]);
  });

  it("a save that ended the claim on the server leaves nothing to release; the row's claim goes", () => {
    const { claims, held, told } = start();
    claims.send({ type: "members.work.start", member: member(1) });
    claims.send({ type: "members.claim.ended", memberId: 2 });
    expect(selectWorking(claims.getSnapshot())).toBe(1);
    claims.send({ type: "members.claim.ended", memberId: 1 });
    claims.stop();
    expect(held).toEqual(["claim 1"]);
    expect(told()).toEqual(["members.claim.report 1", "members.claim.drop 1"]);
  });

  it("the member leaving the page the list shows is leaving it; staying on it is not", () => {
    const { list, claims, held } = start();
    claims.send({ type: "members.work.start", member: member(2) });
    list.send({ type: "test.loaded", members: [member(2), member(3)] });
    expect(held).toEqual(["claim 2"]);
    list.send({ type: "test.loaded", members: [member(3)] });
    expect(held).toEqual(["claim 2", "release 2"]);
    expect(selectWorking(claims.getSnapshot())).toBeNull();
  });

  it("a member the work queue served is held off the page: a page without it does not let it go, working another does", async () => {
    const { list, claims, held } = start();
    claims.send({ type: "members.work.serve", member: member(9) });
    expect(held).toEqual(["claim 9"]);
    list.send({ type: "test.loaded", members: [member(3)] });
    expect(selectWorking(claims.getSnapshot())).toBe(9);
    claims.send({ type: "members.work.start", member: member(3) });
    expect(held).toEqual(["claim 9", "release 9", "claim 3"]);
    // The queue's member is no longer kept: a page without the one worked now lets it go.
    list.send({ type: "test.loaded", members: [member(4)] });
    expect(held).toEqual(["claim 9", "release 9", "claim 3", "release 3"]);
  });

  it("records every call started and works its member", async () => {
    const { claims, held, callStarts } = start();
    claims.send({ type: "members.call.start", member: member(1) });
    claims.send({ type: "members.call.start", member: member(1) });
    await vi.advanceTimersByTimeAsync(0);
    expect(callStarts).toEqual([1, 1]);
    expect(held).toEqual(["claim 1"]);
  });
});
