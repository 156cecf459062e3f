// An agent's day on the live board (openapi.yaml getAgentDay): every result they saved today with
// its member and the note of that call, loaded when the supervisor opens the agent's row; each
// result opens its member in the members list. A failed load can be tried again.
import { assign, fromPromise, setup } from "xstate";
import type { components } from "../../../contract/schema";
import { toFailure } from "../../api/errors";

export type AgentDay = components["schemas"]["AgentDay"];

export interface AgentDayContext {
  userId: number;
  day: AgentDay | null;
  failure: string | null;
}

export const agentDayMachine = setup({
  types: {
    input: {} as { userId: number },
    context: {} as AgentDayContext,
    events: {} as { type: "agentDay.retry" },
  },
  actors: {
    loadAgentDay: fromPromise<AgentDay, { userId: number }>(() => Promise.reject(new Error("loadAgentDay is not provided"))),
  },
}).createMachine({
  id: "agentDay",
  context: ({ input }) => ({ userId: input.userId, day: null, failure: null }),
  initial: "loading",
  states: {
    loading: {
      entry: assign({ failure: null }),
      invoke: {
        src: "loadAgentDay",
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: "shown", actions: assign({ day: ({ event }) => event.output }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error, "The agent's day could not be loaded.").message }) },
      },
    },
    shown: {},
    failed: { on: { "agentDay.retry": "loading" } },
  },
});
