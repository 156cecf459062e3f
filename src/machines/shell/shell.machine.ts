// The application shell's own state (§3 App state: leftSidebarOpen, loader): the sidebar, which
// animates in 500 ms, and the loader overlay, which counts the seconds it has been showing.
import { assign, setup } from "xstate";
import { SIDEBAR_ANIMATION_MS } from "../../lib/constants";

export interface ShellContext {
  /** How many loads are running; the overlay shows while any is. */
  loads: number;
  elapsedSeconds: number;
}

export type ShellEvent = { type: "sidebar.toggle" } | { type: "loader.show" } | { type: "loader.hide" };

export const shellMachine = setup({
  types: { context: {} as ShellContext, events: {} as ShellEvent },
  delays: { sidebarAnimation: SIDEBAR_ANIMATION_MS, second: 1000 },
  guards: {
    lastLoad: ({ context }) => context.loads <= 1,
  },
}).createMachine({
  id: "shell",
  type: "parallel",
  context: { loads: 0, elapsedSeconds: 0 },
  states: {
    sidebar: {
      initial: "open",
      states: {
        open: { on: { "sidebar.toggle": "closing" } },
        closing: {
          after: { sidebarAnimation: "closed" },
          on: { "sidebar.toggle": "opening" },
        },
        closed: { on: { "sidebar.toggle": "opening" } },
        opening: {
          after: { sidebarAnimation: "open" },
          on: { "sidebar.toggle": "closing" },
        },
      },
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
