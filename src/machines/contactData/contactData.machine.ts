// Contact Data Report (§2): the report machine loads the answer (contactData.actors.ts); this
// machine holds which period the calls charts show. Choosing a period redraws, it does not reload.
import { assign, setup } from "xstate";

export const CALL_PERIODS = ["today", "thisWeek", "lastWeek", "thisMonth", "lastMonth"] as const;
export type CallPeriod = (typeof CALL_PERIODS)[number];

export const CALL_PERIOD_LABELS: Record<CallPeriod, string> = {
  today: "Today",
  thisWeek: "This week",
  lastWeek: "Last week",
  thisMonth: "This month",
  lastMonth: "Last month",
};

export type ContactDataViewEvent = { type: "contactData.period.select"; period: CallPeriod };

export const contactDataViewMachine = setup({
  types: {
    context: {} as { period: CallPeriod },
    events: {} as ContactDataViewEvent,
  },
  guards: {
    isOffered: ({ event }) => (CALL_PERIODS as readonly string[]).includes(event.period),
  },
}).createMachine({
  id: "contactDataView",
  context: { period: "today" },
  on: {
    "contactData.period.select": { guard: "isOffered", actions: assign({ period: ({ event }) => event.period }) },
  },
});
