// The regions' current names for the app's frame (the left menu's MEMBERS entries, the members
// list's title): the administrators name, add and remove regions, so nothing is written into the
// menu. Read after sign-in and again whenever a page is shown or the window comes back to the
// front, and at once after an administrator's change in this tab; the last names stay while a
// read is running or when it fails (the menu never empties because the network blinked). Until the
// first read has ended the names are unknown, which the menu tells from "no such region" (it keeps
// the entries' places rather than moving the entries under them when the names arrive).
import { assign, setup, type ActorRefFrom } from "xstate";
import type { components } from "../../../contract/schema";
import { notProvided } from "../notProvided";

export type RegionName = Pick<components["schemas"]["RegionInfo"], "name" | "title">;

export interface RegionNamesContext {
  regions: RegionName[];
  /** A read has ended since sign-in (answered or failed): `regions` is what is known, not a start. */
  read: boolean;
  /** A read was asked for while one was running: read once more after it. */
  again: boolean;
}

export type RegionNamesEvent = { type: "regions.refresh" } | { type: "regions.forget" };

export const regionNamesMachine = setup({
  types: { context: {} as RegionNamesContext, events: {} as RegionNamesEvent },
  actors: {
    /** GET /Members/regionsList. */
    load: notProvided<RegionName[]>("load"),
  },
  guards: {
    again: ({ context }) => context.again,
  },
}).createMachine({
  id: "regionNames",
  context: { regions: [], read: false, again: false },
  initial: "idle",
  on: {
    // Signed out: the next person may not see the same regions.
    "regions.forget": { target: ".idle", actions: assign({ regions: [], read: false, again: false }) },
  },
  states: {
    idle: {
      on: { "regions.refresh": "loading" },
    },
    loading: {
      entry: assign({ again: false }),
      on: { "regions.refresh": { actions: assign({ again: true }) } },
      invoke: {
        src: "load",
        onDone: [
          { guard: "again", target: "loading", reenter: true, actions: assign({ regions: ({ event }) => event.output, read: true }) },
          { target: "idle", actions: assign({ regions: ({ event }) => event.output, read: true }) },
        ],
        onError: [
          { guard: "again", target: "loading", reenter: true, actions: assign({ read: true }) },
          { target: "idle", actions: assign({ read: true }) },
        ],
      },
    },
  },
});

export type RegionNamesActor = ActorRefFrom<typeof regionNamesMachine>;

/** The region's current name, or undefined when there is no such region (now). */
export const titleOf = (regions: readonly RegionName[], code: string) => regions.find((region) => region.name === code)?.title;
