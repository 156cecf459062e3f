// The work queue beside stand-in parts: Next asks under the list's filters and search, the member
// served is handed to the claims, its call and its saved result move the turn on, nobody to call
// keeps the counts, and an administrator's reset is confirmed first. Fake timers drive the calls.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { assign, createActor, emit, fromPromise, setup, type AnyEventObject } from "xstate";
import type { Member } from "../members.filters";
import { NO_FILTERS } from "../members.filters";
import type { ListRef } from "../list/list.follow";
import { queueMachine, type NextMemberAnswer, type QueueInput, type QueueQuery, type WhyThisMember } from "./queue.machine";
import * as select from "./queue.selectors";

const member = (id: number) => ({ id, First_Name: "Ana", Last_Name: `Member${id}`, attempts: 2 }) as unknown as Member;
const WHY: WhyThisMember = { group: "queue", callback: null, priority: "P1", daysPastRecareDue: 40, attempts: 2, lastResult: null, appointment: null };
const served = (id: number): NextMemberAnswer => ({ member: member(id), why: WHY, queue: null, campaign: null });
const NOBODY: NextMemberAnswer = {
  member: null,
  why: null,
  campaign: null,
  queue: {
    eligible: 0,
    notEligible: { doNotCall: 3, appointmentMade: 0, droppedOrDuplicate: 0, futureAppointment: 0, noDialablePhone: 0, attemptsExhausted: 0, callbackNotDue: 0, claimed: 1, attemptedToday: 0, coolingDown: 2, outsideCallingWindow: 0 },
    nextWindowOpensAt: null,
    nextCooldownEndsAt: "2026-11-27T20:00:00Z",
  },
};

/** Stand-in parts: the list (its context read for the filters), the claims (what they are told), the save (what it emits). */
function parts() {
  const told: string[] = [];
  const list = { getSnapshot: () => ({ context: { region: "all", filters: { ...NO_FILTERS, result: "No answer" }, search: "reed", sort: { column: null, sameColumn: false }, pageNum: 3, pageSize: 50 } }) };
  const claims = createActor(
    setup({ types: { context: {} as { working: number | null }, events: {} as AnyEventObject } }).createMachine({
      context: { working: null },
      on: {
        // The member it works now, as the claims part would after a serve or a row worked.
        "test.work": { actions: assign({ working: ({ event }) => event.memberId }) },
        "*": { actions: ({ event }) => void told.push(`${event.type} ${event.member?.id ?? event.memberId}`) },
      },
    }),
  ).start();
  const save = createActor(
    setup({ types: { events: {} as AnyEventObject, emitted: {} as { type: "members.result.saved"; memberId: number } } }).createMachine({
      on: { "test.saved": { actions: emit(({ event }) => ({ type: "members.result.saved" as const, memberId: event.memberId })) } },
    }),
  ).start();
  return { list, claims, save, told };
}

function start(answers: NextMemberAnswer[], { isAdmin = false } = {}) {
  const { list, claims, save, told } = parts();
  const asked: QueueQuery[] = [];
  const resets: number[] = [];
  const failures: unknown[] = [];
  const machine = queueMachine.provide({
    actors: {
      nextMember: fromPromise<NextMemberAnswer, QueueQuery>(async ({ input }) => {
        asked.push(input);
        await new Promise((resolve) => setTimeout(resolve, 100));
        const answer = answers.shift();
        if (!answer) throw new Error("The server could not be reached.");
        return answer;
      }),
      resetAttempts: fromPromise<{ memberId: number; attempts: number }, { memberId: number }>(async ({ input }) => {
        resets.push(input.memberId);
        return { memberId: input.memberId, attempts: 0 };
      }),
    },
    actions: { reportFailure: (_, { failure }) => void failures.push(failure) },
  });
  const input = { list: list as unknown as ListRef, claims, save, isAdmin } as unknown as QueueInput;
  const queue = createActor(machine, { input }).start();
  return { queue, save, claims, told, asked, resets, failures };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("work queue", () => {
  it("asks under the list's filters and search (not its page or sort), serves the member to the claims, and focuses it", async () => {
    const { queue, told, asked } = start([served(5)]);
    queue.send({ type: "queue.next" });
    expect(select.selectPicking(queue.getSnapshot())).toBe(true);
    // A second press while asking asks nothing more.
    queue.send({ type: "queue.next" });
    await vi.advanceTimersByTimeAsync(99);
    expect(select.selectServed(queue.getSnapshot())).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toEqual([{ company: "all", search: "reed", dentistFirstName: "", result: "No answer", status: "all", priority: "all", practice: "all", mco: "all", region: "all" }]);
    expect(select.selectTurn(queue.getSnapshot())).toBe("claimed");
    expect(select.selectServed(queue.getSnapshot())).toEqual({ member: member(5), why: WHY, campaign: null });
    expect(select.selectServedSeq(queue.getSnapshot())).toBe(1);
    expect(told).toEqual(["members.work.serve 5"]);
  });

  it("keeps the campaign the member was served for, with its script, through a reset of its attempts", async () => {
    const campaign = { id: 3, name: "MCNA recare Houston", script: "Hello,\nthis is the Houston office." };
    const { queue } = start([{ ...served(5), campaign }], { isAdmin: true });
    queue.send({ type: "queue.next" });
    await vi.advanceTimersByTimeAsync(100);
    expect(select.selectServed(queue.getSnapshot())?.campaign).toEqual(campaign);
    queue.send({ type: "queue.reset.ask", memberId: 5, name: "Ana Member5" });
    queue.send({ type: "queue.reset.confirm" });
    await vi.advanceTimersByTimeAsync(0);
    expect(select.selectServed(queue.getSnapshot())).toMatchObject({ member: { attempts: 0 }, campaign });
  });

  it("idle → picking → claimed → calling → result saved → next", async () => {
    const { queue, save, told } = start([served(5), served(6)]);
    queue.send({ type: "queue.next" });
    await vi.advanceTimersByTimeAsync(100);
    queue.send({ type: "queue.call.start" });
    expect(select.selectTurn(queue.getSnapshot())).toBe("calling");
    // A result of another member changes nothing here.
    save.send({ type: "test.saved", memberId: 8 });
    expect(select.selectTurn(queue.getSnapshot())).toBe("calling");
    save.send({ type: "test.saved", memberId: 5 });
    expect(select.selectTurn(queue.getSnapshot())).toBe("resultSaved");
    queue.send({ type: "queue.next" });
    await vi.advanceTimersByTimeAsync(100);
    expect(select.selectServed(queue.getSnapshot())?.member.id).toBe(6);
    expect(select.selectServedSeq(queue.getSnapshot())).toBe(2);
    expect(told).toEqual(["members.work.serve 5", "members.call.start 5", "members.work.serve 6"]);
  });

  it("nobody to call keeps the counts; Done lets a served member go; a failed ask is reported", async () => {
    const { queue, told, failures } = start([served(5), NOBODY]);
    queue.send({ type: "queue.next" });
    await vi.advanceTimersByTimeAsync(100);
    queue.send({ type: "queue.dismiss" });
    expect(select.selectTurn(queue.getSnapshot())).toBe("idle");
    expect(told).toEqual(["members.work.serve 5", "members.work.leave 5"]);
    queue.send({ type: "queue.next" });
    await vi.advanceTimersByTimeAsync(100);
    expect(select.selectTurn(queue.getSnapshot())).toBe("empty");
    expect(select.selectEmpty(queue.getSnapshot())).toEqual(NOBODY.queue);
    queue.send({ type: "queue.next" });
    await vi.advanceTimersByTimeAsync(100);
    expect(select.selectTurn(queue.getSnapshot())).toBe("failed");
    expect(failures).toEqual([{ message: "The server could not be reached.", statusCode: 0 }]);
  });

  it("Next while holding a served member asks whether to let it go: kept, nothing changes; let go, the next is served and it is released", async () => {
    const { queue, told, asked } = start([served(5), served(6), NOBODY]);
    queue.send({ type: "queue.next" });
    await vi.advanceTimersByTimeAsync(100);
    queue.send({ type: "queue.next" });
    expect(select.selectReleaseAsked(queue.getSnapshot())).toBe(true);
    // Pressed again while asked: still one question, nothing asked of the server.
    queue.send({ type: "queue.next" });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked).toHaveLength(1);
    queue.send({ type: "queue.release.cancel" });
    expect(select.selectReleaseAsked(queue.getSnapshot())).toBe(false);
    expect(select.selectTurn(queue.getSnapshot())).toBe("claimed");
    expect(select.selectServed(queue.getSnapshot())?.member.id).toBe(5);
    expect(told).toEqual(["members.work.serve 5"]);

    // On the call too: asked, then let go.
    queue.send({ type: "queue.call.start" });
    queue.send({ type: "queue.next" });
    expect(select.selectReleaseAsked(queue.getSnapshot())).toBe(true);
    expect(select.selectTurn(queue.getSnapshot())).toBe("calling");
    queue.send({ type: "queue.release.confirm" });
    expect(select.selectPicking(queue.getSnapshot())).toBe(true);
    expect(select.selectServed(queue.getSnapshot())).toBeNull();
    await vi.advanceTimersByTimeAsync(99);
    expect(select.selectServed(queue.getSnapshot())).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(select.selectServed(queue.getSnapshot())?.member.id).toBe(6);
    // Held while the next was asked for (never served straight back); working the next lets it go.
    expect(told).toEqual(["members.work.serve 5", "members.call.start 5", "members.work.serve 6"]);
    expect(asked).toHaveLength(2);

    // Nobody else to call: the member let go is released at once.
    queue.send({ type: "queue.next" });
    queue.send({ type: "queue.release.confirm" });
    await vi.advanceTimersByTimeAsync(100);
    expect(select.selectTurn(queue.getSnapshot())).toBe("empty");
    expect(told.at(-1)).toBe("members.work.leave 6");
  });

  it("working another member moves on from the one served; the served member's own claim changes nothing", async () => {
    const { queue, claims } = start([served(5)]);
    queue.send({ type: "queue.next" });
    await vi.advanceTimersByTimeAsync(100);
    claims.send({ type: "test.work", memberId: 5 });
    claims.send({ type: "test.work", memberId: null });
    expect(select.selectTurn(queue.getSnapshot())).toBe("claimed");
    claims.send({ type: "test.work", memberId: 8 });
    expect(select.selectTurn(queue.getSnapshot())).toBe("idle");
    expect(select.selectServed(queue.getSnapshot())).toBeNull();
  });

  it("an administrator's reset is confirmed first and shows on the member served; staff cannot ask for one", async () => {
    const staff = start([]);
    staff.queue.send({ type: "queue.reset.ask", memberId: 5, name: "Ana Member5" });
    expect(select.selectResetAsked(staff.queue.getSnapshot())).toBeNull();

    const { queue, resets } = start([served(5)], { isAdmin: true });
    queue.send({ type: "queue.next" });
    await vi.advanceTimersByTimeAsync(100);
    queue.send({ type: "queue.reset.ask", memberId: 5, name: "Ana Member5" });
    expect(select.selectResetAsked(queue.getSnapshot())).toEqual({ memberId: 5, name: "Ana Member5" });
    queue.send({ type: "queue.reset.cancel" });
    expect(resets).toEqual([]);
    queue.send({ type: "queue.reset.ask", memberId: 5, name: "Ana Member5" });
    queue.send({ type: "queue.reset.confirm" });
    await vi.advanceTimersByTimeAsync(0);
    expect(resets).toEqual([5]);
    expect(select.selectServed(queue.getSnapshot())?.why.attempts).toBe(0);
    expect(select.selectServed(queue.getSnapshot())?.member.attempts).toBe(0);
    expect(select.selectResetAsked(queue.getSnapshot())).toBeNull();
  });
});
