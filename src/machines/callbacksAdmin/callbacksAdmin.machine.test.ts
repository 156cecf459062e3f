// The Callbacks page's machine with stubbed calls: filters read the list again from page 1,
// several selected are reassigned only after the question with their count, and a refusal leaves
// the selection for another try.
import { describe, expect, it } from "vitest";
import { createActor, fromCallback, fromPromise } from "xstate";
import type { LiveListEvent } from "../liveEvents/liveEvents.machine";
import { ApiError } from "../../api/errors";
import { callbacksAdminMachine, type CallbacksOptions, type CallbacksPage, type CallbacksQuery } from "./callbacksAdmin.machine";
import * as page from "./callbacksAdmin.selectors";

const PRIYA = { id: 9, firstname: "Priya", lastname: "Natarajan" };
const OPTIONS: CallbacksOptions = { owners: [{ user: PRIYA, openCallbacks: 2 }], practices: [{ id: 3, practice: "Smile Magic Austin", practiceabbr: "SMA" } as CallbacksOptions["practices"][number]] };
const rows = (...ids: number[]) => ({ callbacks: ids.map((id) => ({ id })), pageNum: 1, total_count: ids.length }) as unknown as CallbacksPage;

function start(reassign: () => Promise<{ updated: number }> = async () => ({ updated: 2 })) {
  const queries: CallbacksQuery[] = [];
  const reassigned: { callbackIds: number[]; userId: number | null }[] = [];
  const stream: { send?: (event: LiveListEvent<never>) => void } = {};
  const actor = createActor(
    callbacksAdminMachine.provide({
      actors: {
        liveEvents: fromCallback(({ sendBack }) => {
          stream.send = sendBack;
        }) as never,
        loadOptions: fromPromise(async () => OPTIONS),
        loadCallbacks: fromPromise<CallbacksPage, CallbacksQuery>(async ({ input }) => (queries.push(input), rows(1, 2, 3))),
        reassign: fromPromise<{ updated: number }, { callbackIds: number[]; userId: number | null }>(async ({ input }) => (reassigned.push(input), reassign())),
      },
    }),
  ).start();
  /** A callback changed somewhere: the stream's `callback` event. */
  const callbackChanged = () => stream.send!({ type: "live.event", event: { event: "callback", data: {} } } as never);
  return { actor, queries, reassigned, callbackChanged };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("Callbacks page", () => {
  it("reads every open callback, then again from page 1 with the filters chosen", async () => {
    const { actor, queries } = start();
    await settle();
    expect(page.selectStatus(actor.getSnapshot())).toBe("ready");
    actor.send({ type: "callbacks.filter.change", change: { owner: "9", dueFrom: "2026-11-27" } });
    await settle();
    expect(queries).toEqual([
      { owner: "all", practice: "all", dueFrom: "", dueTo: "", pageNum: 1 },
      { owner: "9", practice: "all", dueFrom: "2026-11-27", dueTo: "", pageNum: 1 },
    ]);
  });

  it("asks with the count before reassigning the selected callbacks to an agent", async () => {
    const { actor, reassigned } = start();
    await settle();
    actor.send({ type: "callbacks.select.toggle", id: 1 });
    actor.send({ type: "callbacks.select.toggle", id: 3 });
    actor.send({ type: "callbacks.reassign" });
    expect(page.selectQuestion(actor.getSnapshot())).toBeNull();
    actor.send({ type: "callbacks.target.choose", target: { userId: 9 } });
    actor.send({ type: "callbacks.reassign" });
    expect(page.selectQuestion(actor.getSnapshot())).toBe("Reassign 2 callbacks to Priya Natarajan?");
    actor.send({ type: "callbacks.confirm" });
    await settle();
    expect(reassigned).toEqual([{ callbackIds: [1, 3], userId: 9 }]);
    expect(page.selectNotice(actor.getSnapshot())).toBe("Reassigned 2 callbacks to Priya Natarajan.");
    expect(page.selectSelected(actor.getSnapshot())).toEqual([]);
  });

  it("reassigns a whole page to anyone, and keeps the selection when the server refuses", async () => {
    const refusal = new ApiError({ message: "Invalid request", statusCode: 400, details: [{ field: "userId", message: "already holds 50 open callbacks" }] });
    const { actor, reassigned } = start(async () => Promise.reject(refusal));
    await settle();
    actor.send({ type: "callbacks.select.page", selected: true });
    actor.send({ type: "callbacks.target.choose", target: { userId: null } });
    actor.send({ type: "callbacks.reassign" });
    expect(page.selectQuestion(actor.getSnapshot())).toBe("Reassign 3 callbacks to anyone?");
    actor.send({ type: "callbacks.cancel" });
    expect(reassigned).toEqual([]);
    actor.send({ type: "callbacks.reassign" });
    actor.send({ type: "callbacks.confirm" });
    await settle();
    expect(page.selectFailure(actor.getSnapshot())).toBe("already holds 50 open callbacks");
    expect(page.selectSelected(actor.getSnapshot())).toEqual([1, 2, 3]);
  });

  it("reads the list again when a callback changes on the stream, keeping the selection, but not under the open question", async () => {
    const { actor, queries, callbackChanged } = start();
    await settle();
    actor.send({ type: "callbacks.select.toggle", id: 2 });
    callbackChanged();
    await settle();
    expect(queries).toHaveLength(2);
    expect(page.selectSelected(actor.getSnapshot())).toEqual([2]);
    // Changes while a read is under way: one more read after it, not one each.
    callbackChanged();
    callbackChanged();
    callbackChanged();
    await settle();
    await settle();
    expect(queries).toHaveLength(4);

    actor.send({ type: "callbacks.target.choose", target: { userId: 9 } });
    actor.send({ type: "callbacks.reassign" });
    callbackChanged();
    await settle();
    expect(queries).toHaveLength(4);
    expect(page.selectQuestion(actor.getSnapshot())).toBe("Reassign 1 callback to Priya Natarajan?");
    actor.send({ type: "callbacks.cancel" });
    await settle();
    expect(queries).toHaveLength(5);
    expect(page.selectStatus(actor.getSnapshot())).toBe("ready");
  });
});
