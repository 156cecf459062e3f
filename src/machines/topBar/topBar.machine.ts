// The top bar (§2 Layout): the partner portal address behind the logo (`getPartnersList`), and
// which of its dialogs is open. The dialogs' own workflows are machines of their own.
import { assign, setup } from "xstate";
import { notProvided } from "../notProvided";

export interface TopBarInput {
  userId: number;
  /** The session's partner portal link, used until (or if) getPartnersList does not answer. */
  fallbackPortal: string;
}

export interface TopBarContext {
  userId: number;
  portal: string;
}

export type TopBarEvent =
  | { type: "menu.toggle" }
  | { type: "menu.close" }
  | { type: "feedback.open" }
  | { type: "setDefault.open" }
  | { type: "dialog.close" };

export const topBarMachine = setup({
  types: { input: {} as TopBarInput, context: {} as TopBarContext, events: {} as TopBarEvent },
  actors: {
    loadPartnersUri: notProvided<string, { userId: number }>("loadPartnersUri"),
  },
}).createMachine({
  id: "topBar",
  type: "parallel",
  context: ({ input }) => ({ userId: input.userId, portal: input.fallbackPortal }),
  states: {
    portal: {
      initial: "loading",
      states: {
        loading: {
          invoke: {
            src: "loadPartnersUri",
            input: ({ context }) => ({ userId: context.userId }),
            onDone: { target: "ready", actions: assign({ portal: ({ event }) => event.output }) },
            // The session's link stands in; the logo keeps working.
            onError: "ready",
          },
        },
        ready: {},
      },
    },
    menu: {
      initial: "closed",
      states: {
        closed: { on: { "menu.toggle": "open" } },
        open: {
          on: {
            "menu.toggle": "closed",
            "menu.close": "closed",
            "feedback.open": "closed",
            "setDefault.open": "closed",
          },
        },
      },
    },
    dialog: {
      initial: "none",
      states: {
        none: { on: { "feedback.open": "feedback", "setDefault.open": "setDefault" } },
        feedback: { on: { "dialog.close": "none" } },
        setDefault: { on: { "dialog.close": "none" } },
      },
    },
  },
});

/** §2: Manage Help opens the partner portal's manager-help page. */
export function manageHelpUrl(portal: string): string {
  return new URL("manager-help", portal.endsWith("/") ? portal : `${portal}/`).toString();
}
