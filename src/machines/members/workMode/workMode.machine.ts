// Keyboard work mode of the members list: a current row the agent moves with ↓/↑ (j/k); number keys
// save one of the most used results for it, r opens its result selector, n its notes, h its
// history, through the events the pointer's controls send to the list's parts, so claims, "Save
// anyway?" and 409 handling apply as they do to the pointer; m asks the work queue for the next
// member, and while the focus is on the member it served (above the list) the number keys, n and h
// are about that member; after a result of the current member
// chosen by key is saved the current row moves to the next member below without a result (on this
// page; if none, it stays); [ and ] change page, and the new page starts at its first row; / asks
// for the search field; ? opens the sheet of every shortcut. The screen turns keys into commands
// (workMode.keys.ts), renders the current row and carries out `focus` requests on the page; this
// machine follows the list it works (its rows and page) and the result save (its lock and saves)
// through an invoked callback.
import { assign, fromCallback, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { BLANK_RESULT } from "../../../../domain/vocabulary.ts";
import type { Member } from "../members.filters";
import type { membersListMachine } from "../list/list.machine";
import type { ListEvent } from "../list/list.types";
import type { ListRef } from "../list/list.follow";
import { selectMembers, selectPageCount, selectPageNum, selectStatus } from "../list/list.selectors";
import type { ClaimsEvent, claimsMachine } from "../claims/claims.machine";
import type { ResultSaveEvent, resultSaveMachine } from "../save/resultSave.machine";
import { selectControlsLocked } from "../save/resultSave.selectors";
import type { DialogsEvent, membersDialogsMachine } from "../dialogs/dialogs.machine";
import type { QueueEvent, queueMachine } from "../queue/queue.machine";
import type { WorkCommand } from "./workMode.keys";

/** The parts of the members list the keys work: each receives the events its controls send. */
export interface WorkedParts {
  list: ListRef;
  save: ActorRefFrom<typeof resultSaveMachine>;
  claims: ActorRefFrom<typeof claimsMachine>;
  dialogs: ActorRefFrom<typeof membersDialogsMachine>;
  queue: ActorRefFrom<typeof queueMachine>;
}

/** Where the page's focus should go: the current row, its result selector, or the search field. */
export type FocusTarget = "row" | "selector" | "search";

/** The list as the work mode needs it. */
export interface ListView {
  members: readonly Member[];
  pageNum: number;
  pageCount: number;
  /** A save is under way: the list's controls wait (resultSave.selectors selectControlsLocked). */
  locked: boolean;
  /** A page is being read: the rows are still the last page's. */
  loading: boolean;
}

export type WorkModeEvent =
  | ({ type: "work.rows" } & ListView)
  /** The result save saved a result of this member (its `members.result.saved`). */
  | { type: "work.saved"; memberId: number }
  /** Focus came to a row by pointer or Tab: it is the current row. */
  | { type: "work.focus"; index: number }
  /** `onServed`: the focus is on the member the work queue served, not on a row of the list. */
  | { type: "work.command"; command: WorkCommand; onServed?: boolean }
  | { type: "work.sheet.close" };

export interface WorkModeContext extends ListView {
  parts: WorkedParts;
  /** The current row: its member and its place on the page. */
  current: { id: number; index: number } | null;
  /** The latest request to move the page's focus; `seq` grows with each, 0 before the first. */
  focus: { target: FocusTarget; seq: number };
  /** The page asked for by key: once it has loaded, it starts at its first row. */
  pageTurn: number | null;
  /**
   * The member whose result the agent is choosing by key (a number key, or `r` for its selector):
   * its save moves the current row on. A result chosen with the pointer moves nothing: the focus
   * stays where the agent put it.
   */
  choosing: number | null;
}

/** The first member from `from` on (a page index) without a result, or null. */
export function nextWithoutResult(members: readonly Member[], from: number): number | null {
  for (let index = Math.max(0, from); index < members.length; index++) {
    if (members[index]!.Result === BLANK_RESULT) return index;
  }
  return null;
}

const rowAt = (members: readonly Member[], index: number) => ({ id: members[index]!.id, index });

/** The current row on new rows: the same member where it still is, else the row now in its place. */
function currentOn(members: readonly Member[], current: WorkModeContext["current"]): WorkModeContext["current"] {
  if (members.length === 0) return null;
  if (!current) return rowAt(members, 0);
  const index = members.findIndex((member) => member.id === current.id);
  return rowAt(members, index >= 0 ? index : Math.min(current.index, members.length - 1));
}

const viewOf = (list: SnapshotFrom<typeof membersListMachine>, save: SnapshotFrom<typeof resultSaveMachine>): ListView => ({
  members: selectMembers(list),
  pageNum: selectPageNum(list),
  pageCount: selectPageCount(list),
  locked: selectControlsLocked(save),
  loading: selectStatus(list) === "loading",
});

const sameView = (a: ListView, b: ListView) =>
  a.members === b.members && a.pageNum === b.pageNum && a.pageCount === b.pageCount && a.locked === b.locked && a.loading === b.loading;

const currentMember = (context: WorkModeContext): Member | undefined =>
  context.current ? context.members[context.current.index] : undefined;

const commandIs = (event: WorkModeEvent, type: WorkCommand["type"]) => event.type === "work.command" && event.command.type === type;

/** The member the work queue served, when the command is aimed at it. */
const servedMember = (context: WorkModeContext, event: WorkModeEvent): Member | undefined =>
  event.type === "work.command" && event.onServed ? context.parts.queue.getSnapshot().context.served?.member : undefined;

/** The command of an event a guard has already matched to `_type`. */
const commandOf = <T extends WorkCommand["type"]>(event: WorkModeEvent, _type: T) =>
  (event as { command: WorkCommand }).command as Extract<WorkCommand, { type: T }>;

export const workModeMachine = setup({
  types: {
    input: {} as WorkedParts,
    context: {} as WorkModeContext,
    events: {} as WorkModeEvent,
  },
  actors: {
    /** Reports the list's rows, page and lock as they change, and each result it saves. */
    followList: fromCallback<WorkModeEvent, WorkedParts>(({ input: { list, save }, sendBack }) => {
      let last = viewOf(list.getSnapshot(), save.getSnapshot());
      sendBack({ type: "work.rows", ...last });
      const changed = () => {
        const view = viewOf(list.getSnapshot(), save.getSnapshot());
        if (sameView(view, last)) return;
        last = view;
        sendBack({ type: "work.rows", ...view });
      };
      const subscriptions = [
        list.subscribe(changed),
        save.subscribe(changed),
        save.on("members.result.saved", ({ memberId }) => sendBack({ type: "work.saved", memberId })),
      ];
      return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
    }),
  },
  actions: {
    /** Asks the screen to move the page's focus (a new `seq` each time). */
    focusOn: assign(({ context }, params: { target: FocusTarget }) => ({ focus: { target: params.target, seq: context.focus.seq + 1 } })),
  },
  guards: {
    isMove: ({ event }) => commandIs(event, "move"),
    isSearch: ({ event }) => commandIs(event, "search"),
    isSheet: ({ event }) => commandIs(event, "sheet"),
    isNext: ({ event }) => commandIs(event, "next"),
    resultForServed: ({ context, event }) => commandIs(event, "result") && servedMember(context, event) !== undefined,
    notesForServed: ({ context, event }) => commandIs(event, "notes") && servedMember(context, event) !== undefined,
    historyForServed: ({ context, event }) => commandIs(event, "history") && servedMember(context, event) !== undefined,
    // Commands about the current member, when there is one.
    resultForCurrent: ({ context, event }) => commandIs(event, "result") && currentMember(context) !== undefined,
    selectorForCurrent: ({ context, event }) => commandIs(event, "selector") && currentMember(context) !== undefined,
    notesForCurrent: ({ context, event }) => commandIs(event, "notes") && currentMember(context) !== undefined,
    historyForCurrent: ({ context, event }) => commandIs(event, "history") && currentMember(context) !== undefined,
    pageInReach: ({ context, event }) => {
      if (event.type !== "work.command" || event.command.type !== "page" || context.locked) return false;
      const pageNum = context.pageNum + event.command.by;
      return pageNum >= 1 && pageNum <= context.pageCount;
    },
  },
}).createMachine({
  id: "workMode",
  context: ({ input }) => ({
    parts: input,
    members: [],
    pageNum: 1,
    pageCount: 1,
    locked: false,
    loading: false,
    current: null,
    focus: { target: "row", seq: 0 },
    pageTurn: null,
    choosing: null,
  }),
  invoke: { src: "followList", input: ({ context }) => context.parts },
  on: {
    "work.rows": {
      actions: assign(({ context, event }) => {
        const { type: _type, ...view } = event;
        // A page asked for by key starts at its first row, and the focus goes there.
        const turned = !view.loading && view.pageNum === context.pageTurn;
        return {
          ...view,
          current: turned ? currentOn(view.members, null) : currentOn(view.members, context.current),
          pageTurn: turned ? null : context.pageTurn,
          focus: turned ? { target: "row" as const, seq: context.focus.seq + 1 } : context.focus,
        };
      }),
    },
    "work.saved": {
      guard: ({ context, event }) => context.current?.id === event.memberId && context.choosing === event.memberId,
      actions: [
        assign({
          current: ({ context }) => {
            const next = nextWithoutResult(context.members, context.current!.index + 1);
            return next === null ? context.current : rowAt(context.members, next);
          },
          choosing: null,
        }),
        { type: "focusOn", params: { target: "row" } },
      ],
    },
    "work.focus": {
      // Tabbing through the current row's controls changes nothing.
      guard: ({ context, event }) => event.index !== context.current?.index && event.index >= 0 && event.index < context.members.length,
      actions: assign({ current: ({ context, event }) => rowAt(context.members, event.index) }),
    },
  },
  initial: "working",
  states: {
    working: {
      on: {
        "work.command": [
          { guard: "isNext", actions: sendTo(({ context }) => context.parts.queue, { type: "queue.next" } satisfies QueueEvent) },
          {
            guard: "resultForServed",
            actions: sendTo(
              ({ context }) => context.parts.save,
              ({ context, event }): ResultSaveEvent => ({ type: "members.result.save", member: servedMember(context, event)!, result: commandOf(event, "result").result }),
            ),
          },
          {
            guard: "notesForServed",
            actions: sendTo(({ context }) => context.parts.dialogs, ({ context, event }): DialogsEvent => ({ type: "members.notes.open", member: servedMember(context, event)! })),
          },
          {
            guard: "historyForServed",
            actions: sendTo(({ context }) => context.parts.dialogs, ({ context, event }): DialogsEvent => ({ type: "members.history.open", member: servedMember(context, event)! })),
          },
          {
            guard: "isMove",
            actions: [
              assign({
                current: ({ context, event }) => {
                  if (context.members.length === 0) return null;
                  const { by } = commandOf(event, "move");
                  const from = context.current?.index ?? (by === 1 ? -1 : context.members.length);
                  return rowAt(context.members, Math.min(context.members.length - 1, Math.max(0, from + by)));
                },
              }),
              { type: "focusOn", params: { target: "row" } },
            ],
          },
          {
            guard: "resultForCurrent",
            actions: [
              assign({ choosing: ({ context }) => context.current!.id }),
              sendTo(
                ({ context }) => context.parts.save,
                ({ context, event }): ResultSaveEvent => ({ type: "members.result.save", member: currentMember(context)!, result: commandOf(event, "result").result }),
              ),
            ],
          },
          {
            guard: "selectorForCurrent",
            actions: [
              assign({ choosing: ({ context }) => context.current!.id }),
              sendTo(({ context }) => context.parts.claims, ({ context }): ClaimsEvent => ({ type: "members.work.start", member: currentMember(context)! })),
              { type: "focusOn", params: { target: "selector" } },
            ],
          },
          {
            guard: "notesForCurrent",
            actions: sendTo(({ context }) => context.parts.dialogs, ({ context }): DialogsEvent => ({ type: "members.notes.open", member: currentMember(context)! })),
          },
          {
            guard: "historyForCurrent",
            actions: sendTo(({ context }) => context.parts.dialogs, ({ context }): DialogsEvent => ({ type: "members.history.open", member: currentMember(context)! })),
          },
          {
            guard: "pageInReach",
            actions: [
              sendTo(({ context }) => context.parts.list, ({ context, event }): ListEvent => ({ type: "members.page.change", pageNum: context.pageNum + commandOf(event, "page").by })),
              assign({ pageTurn: ({ context, event }) => context.pageNum + commandOf(event, "page").by }),
            ],
          },
          { guard: "isSearch", actions: { type: "focusOn", params: { target: "search" } } },
          { guard: "isSheet", target: "sheetOpen" },
        ],
      },
    },
    /** The sheet of every shortcut; the keys wait while it is open. */
    sheetOpen: {
      on: { "work.sheet.close": "working" },
    },
  },
});
