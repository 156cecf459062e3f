// The application shell's own state (§3 App state: leftSidebarOpen, loader): the sidebar, which
// animates in 500 ms, the left menu's groups that expand and collapse their sub-items (§2 Layout:
// DELETED APPOINTMENTS with By Group, Summary, Details; MEMBERS), and the loader overlay, which
// counts the seconds it has been showing. Below 1024 px the sidebar is an overlay over the page:
// closed when the window becomes narrow, and closed again once a page is chosen in it. And how old
// the last report's data was, when it came from a read replica more than 5 s behind.
import { assign, setup } from "xstate";
import { DATA_AGE_SHOWN_OVER_SECONDS, SIDEBAR_ANIMATION_MS } from "../../lib/constants";

export interface ShellContext {
  /** How many loads are running; the overlay shows while any is. */
  loads: number;
  elapsedSeconds: number;
  /** The menu groups showing their sub-items, by label. */
  expandedGroups: string[];
  /** The window is narrower than 1024 px: the sidebar covers the page instead of sitting beside it. */
  narrow: boolean;
  /** Seconds behind of the last answer read from a replica (0 until one says otherwise). */
  dataAgeSeconds: number;
}

export type ShellEvent =
  | { type: "sidebar.toggle" }
  | { type: "loader.show" }
  | { type: "loader.hide" }
  /** The person opens or closes a group. */
  | { type: "menu.group.toggle"; group: string }
  /** A page of this group is shown (null: a page of no group): the group opens. */
  | { type: "menu.page.shown"; group: string | null }
  /** The window crossed the 1024 px width (src/app watches it). */
  | { type: "viewport.change"; narrow: boolean }
  /** An answer said how old its data is (src/api/client.ts: its Data-Age header). */
  | { type: "data.aged"; seconds: number };

export const shellMachine = setup({
  types: { context: {} as ShellContext, events: {} as ShellEvent },
  delays: { sidebarAnimation: SIDEBAR_ANIMATION_MS, second: 1000 },
  guards: {
    lastLoad: ({ context }) => context.loads <= 1,
    narrow: ({ context }) => context.narrow,
    becomesNarrow: (_, { narrow }: { narrow: boolean }) => narrow,
    oldData: (_, { seconds }: { seconds: number }) => seconds > DATA_AGE_SHOWN_OVER_SECONDS,
  },
  actions: {
    toggleGroup: assign({
      expandedGroups: ({ context }, { group }: { group: string }) =>
        context.expandedGroups.includes(group) ? context.expandedGroups.filter((open) => open !== group) : [...context.expandedGroups, group],
    }),
    // Other groups stay as the person left them; one that is already open stays open.
    expandGroupOfPage: assign({
      expandedGroups: ({ context }, { group }: { group: string | null }) =>
        group === null || context.expandedGroups.includes(group) ? context.expandedGroups : [...context.expandedGroups, group],
    }),
  },
}).createMachine({
  id: "shell",
  type: "parallel",
  context: { loads: 0, elapsedSeconds: 0, expandedGroups: [], narrow: false, dataAgeSeconds: 0 },
  states: {
    menu: {
      on: {
        "menu.group.toggle": { actions: { type: "toggleGroup", params: ({ event }) => ({ group: event.group }) } },
        "menu.page.shown": { actions: { type: "expandGroupOfPage", params: ({ event }) => ({ group: event.group }) } },
      },
    },
    sidebar: {
      initial: "open",
      on: {
        // A window that becomes narrow starts with the page in view; a wide one with the menu beside it.
        "viewport.change": [
          { guard: { type: "becomesNarrow", params: ({ event }) => ({ narrow: event.narrow }) }, target: ".closed", actions: assign({ narrow: true }) },
          { target: ".open", actions: assign({ narrow: false }) },
        ],
      },
      states: {
        open: { on: { "sidebar.toggle": "closing", "menu.page.shown": { guard: "narrow", target: "closing" } } },
        closing: {
          after: { sidebarAnimation: "closed" },
          on: { "sidebar.toggle": "opening" },
        },
        closed: { on: { "sidebar.toggle": "opening" } },
        opening: {
          after: { sidebarAnimation: "open" },
          on: { "sidebar.toggle": "closing", "menu.page.shown": { guard: "narrow", target: "closing" } },
        },
      },
    },
    dataAge: {
      initial: "current",
      on: {
        "data.aged": [
          {
            guard: { type: "oldData", params: ({ event }) => ({ seconds: event.seconds }) },
            target: ".behind",
            actions: assign({ dataAgeSeconds: ({ event }) => event.seconds }),
          },
          { target: ".current", actions: assign({ dataAgeSeconds: ({ event }) => event.seconds }) },
        ],
        // The age was of the page left: the next page's answers say their own.
        "menu.page.shown": ".current",
      },
      states: { current: {}, behind: {} },
    },
    loader: {
      initial: "hidden",
      states: {
        hidden: {
          on: {
            "loader.show": { target: "showing", actions: assign({ loads: 1, elapsedSeconds: 0 }) },
          },
        },
        showing: {
          after: {
            second: { target: "showing", reenter: true, actions: assign({ elapsedSeconds: ({ context }) => context.elapsedSeconds + 1 }) },
          },
          on: {
            "loader.show": { actions: assign({ loads: ({ context }) => context.loads + 1 }) },
            "loader.hide": [
              { guard: "lastLoad", target: "hidden", actions: assign({ loads: 0, elapsedSeconds: 0 }) },
              { actions: assign({ loads: ({ context }) => context.loads - 1 }) },
            ],
          },
        },
      },
    },
  },
});
