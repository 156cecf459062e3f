import { describe, expect, it } from "vitest";
import { assign, createActor, emit, setup, type AnyEventObject } from "xstate";
import type { Member } from "../members.filters";
import type { ResultSaveEmitted } from "../save/resultSave.machine";
import { nextWithoutResult, workModeMachine, type WorkedParts } from "./workMode.machine";
import type { WorkCommand } from "./workMode.keys";

const member = (id: number, Result = ""): Member => ({ id, Result, version: 1 }) as Member;

/**
 * A stand-in for the list and the parts beside it (the result save, the claims, the dialogs): the
 * list's rows and page as the selectors read them, every event any part is sent, and
 * `members.result.saved` emitted on `test.saved`.
 */
function fakeList(members: Member[], totalCount = 45) {
  const received: AnyEventObject[] = [];
  const list = createActor(
    setup({
      types: {
        context: {} as { members: Member[]; pageNum: number; pageSize: number; totalCount: number },
        events: {} as AnyEventObject,
        emitted: {} as ResultSaveEmitted,
      },
    }).createMachine({
      context: { members, pageNum: 1, pageSize: 15, totalCount },
      // The shape of the list machine's page state, which the selectors read.
      initial: "active",
      states: { active: { initial: "page", states: { page: { initial: "ready", states: { ready: {}, loading: {} } } } } },
      on: {
        "test.loading": { target: ".active.page.loading", actions: assign(({ event }) => ({ pageNum: event.pageNum })) },
        "test.rows": { target: ".active.page.ready", actions: assign(({ event }) => ({ members: event.members, pageNum: event.pageNum ?? 1 })) },
        "test.saved": { actions: emit(({ event }) => ({ type: "members.result.saved" as const, memberId: event.memberId as number, result: "No answer" as const })) },
        "*": { actions: ({ event }) => void received.push(event) },
      },
    }),
  ).start();
  return { list, received };
}

function start(members: Member[], totalCount?: number) {
  const { list, received } = fakeList(members, totalCount);
  const part = list as unknown as WorkedParts[keyof WorkedParts];
  const work = createActor(workModeMachine, { input: { list: part, save: part, claims: part, dialogs: part } as WorkedParts }).start();
  const press = (command: WorkCommand) => work.send({ type: "work.command", command });
  return { list, received, work, press, current: () => work.getSnapshot().context.current, focus: () => work.getSnapshot().context.focus };
}

const PAGE = [member(10), member(11, "Left message"), member(12), member(13, "Confirm"), member(14, "No answer")];

describe("keyboard work mode", () => {
  it("starts on the first row and moves with the keys, within the page, asking for the focus each time", () => {
    const { press, current, focus } = start(PAGE);
    expect(current()).toEqual({ id: 10, index: 0 });
    expect(focus().seq).toBe(0);
    press({ type: "move", by: 1 });
    press({ type: "move", by: 1 });
    expect(current()).toEqual({ id: 12, index: 2 });
    expect(focus()).toEqual({ target: "row", seq: 2 });
    press({ type: "move", by: -1 });
    press({ type: "move", by: -1 });
    press({ type: "move", by: -1 });
    expect(current()).toEqual({ id: 10, index: 0 });
    for (let i = 0; i < 9; i++) press({ type: "move", by: 1 });
    expect(current()).toEqual({ id: 14, index: 4 });
  });

  it("follows the focus a pointer or Tab gives a row", () => {
    const { work, current, focus } = start(PAGE);
    work.send({ type: "work.focus", index: 3 });
    expect(current()).toEqual({ id: 13, index: 3 });
    const before = current();
    work.send({ type: "work.focus", index: 3 });
    expect(current()).toBe(before);
    work.send({ type: "work.focus", index: 9 });
    expect(current()).toEqual({ id: 13, index: 3 });
    expect(focus().seq).toBe(0);
  });

  it("saves a most used result, opens the selector, notes and history of the current member through the list", () => {
    const { press, received, focus } = start(PAGE);
    press({ type: "move", by: 1 });
    press({ type: "result", result: "Appointment Made" });
    press({ type: "selector" });
    press({ type: "notes" });
    press({ type: "history" });
    expect(received).toEqual([
      { type: "members.result.save", member: PAGE[1], result: "Appointment Made" },
      { type: "members.work.start", member: PAGE[1] },
      { type: "members.notes.open", member: PAGE[1] },
      { type: "members.history.open", member: PAGE[1] },
    ]);
    expect(focus().target).toBe("selector");
  });

  it("does nothing for the current member of an empty page", () => {
    const { press, received, current } = start([], 0);
    press({ type: "move", by: 1 });
    press({ type: "result", result: "No answer" });
    press({ type: "notes" });
    expect(current()).toBeNull();
    expect(received).toEqual([]);
  });

  it("after a result chosen by key is saved moves to the next member below without a result, and stays when there is none", () => {
    const { list, press, current, focus } = start(PAGE);
    press({ type: "result", result: "No answer" });
    list.send({ type: "test.saved", memberId: 10 });
    expect(current()).toEqual({ id: 12, index: 2 });
    expect(focus()).toEqual({ target: "row", seq: 1 });
    press({ type: "selector" });
    list.send({ type: "test.saved", memberId: 12 });
    expect(current()).toEqual({ id: 12, index: 2 });
    // A save of another member (a colleague's row, the pointer elsewhere) moves nothing.
    press({ type: "move", by: -1 });
    list.send({ type: "test.saved", memberId: 13 });
    expect(current()).toEqual({ id: 11, index: 1 });
  });

  it("a result chosen with the pointer moves nothing: the focus stays where the agent put it", () => {
    const { list, current, focus } = start(PAGE);
    list.send({ type: "test.saved", memberId: 10 });
    expect(current()).toEqual({ id: 10, index: 0 });
    expect(focus().seq).toBe(0);
  });

  it("keeps the current member when the page is read again, or the row in its place when it has gone", () => {
    const { list, press, current } = start(PAGE);
    press({ type: "move", by: 1 });
    press({ type: "move", by: 1 });
    list.send({ type: "test.rows", members: [member(9), ...PAGE] });
    expect(current()).toEqual({ id: 12, index: 3 });
    // A Blank filter drops the member once it has a result: the one below takes its place.
    list.send({ type: "test.rows", members: [member(9), member(10), member(14)] });
    expect(current()).toEqual({ id: 14, index: 2 });
    list.send({ type: "test.rows", members: [member(20)] });
    expect(current()).toEqual({ id: 20, index: 0 });
    list.send({ type: "test.rows", members: [] });
    expect(current()).toBeNull();
  });

  it("asks for the next or previous page within the pages offered, and starts the new page at its first row", () => {
    const { list, press, received, current, focus } = start(PAGE, 45);
    press({ type: "page", by: -1 });
    expect(received).toEqual([]);
    press({ type: "move", by: 1 });
    press({ type: "page", by: 1 });
    expect(received).toEqual([{ type: "members.page.change", pageNum: 2 }]);
    const seq = focus().seq;
    // The page number changes when the page is asked for, its rows once it has loaded.
    list.send({ type: "test.loading", pageNum: 2 });
    expect(current()).toEqual({ id: 11, index: 1 });
    list.send({ type: "test.rows", members: [member(30), member(31)], pageNum: 2 });
    expect(current()).toEqual({ id: 30, index: 0 });
    expect(focus()).toEqual({ target: "row", seq: seq + 1 });
    press({ type: "page", by: 1 });
    list.send({ type: "test.rows", members: [member(40)], pageNum: 3 });
    received.length = 0;
    press({ type: "page", by: 1 });
    expect(received).toEqual([]);
  });

  it("asks for the search field, and opens and closes the sheet of shortcuts, which holds the keys while open", () => {
    const { work, press, received, focus } = start(PAGE);
    press({ type: "search" });
    expect(focus()).toEqual({ target: "search", seq: 1 });
    press({ type: "sheet" });
    expect(work.getSnapshot().value).toBe("sheetOpen");
    press({ type: "notes" });
    press({ type: "move", by: 1 });
    expect(received).toEqual([]);
    expect(work.getSnapshot().context.current?.index).toBe(0);
    work.send({ type: "work.sheet.close" });
    expect(work.getSnapshot().value).toBe("working");
  });
});

describe("the next member without a result", () => {
  it("looks from the given row down, never up", () => {
    expect(nextWithoutResult(PAGE, 1)).toBe(2);
    expect(nextWithoutResult(PAGE, 3)).toBeNull();
    expect(nextWithoutResult(PAGE, 0)).toBe(0);
    expect(nextWithoutResult([], 0)).toBeNull();
  });
});
