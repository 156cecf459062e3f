// An agent's counts of today on the live board (openapi.yaml AgentDayCounts): calls started,
// results saved, contacts (results that say a person was reached, as the contact data report
// counts them), appointments made, conversion, and their open callbacks due today and overdue,
// with the board's totals row.
import type { components } from "../../contract/schema";
import { APPOINTMENT_MADE, CONTACTED_RESULTS } from "../vocabulary.ts";
import { percentOf } from "../reports/percent.ts";

export type AgentDayCounts = components["schemas"]["AgentDayCounts"];
type Result = components["schemas"]["MemberResult"];

export const NO_COUNTS: AgentDayCounts = { callsStarted: 0, resultsSaved: 0, contacts: 0, appointments: 0, callbacksDue: 0, callbacksOverdue: 0 };

/** An open callback the agent owns: when it is due, and until when it is theirs alone (epoch ms). */
export interface OwnedCallback {
  dueAt: number;
  ownerUntil: number;
}

/** Due today and still theirs (due yet or not); overdue once their grace period has ended. */
export function callbackCounts(callbacks: readonly OwnedCallback[], asOf: number, dayEndsAt: number): Pick<AgentDayCounts, "callbacksDue" | "callbacksOverdue"> {
  return {
    callbacksDue: callbacks.filter((callback) => callback.ownerUntil > asOf && callback.dueAt < dayEndsAt).length,
    callbacksOverdue: callbacks.filter((callback) => callback.ownerUntil <= asOf).length,
  };
}

export const isContact = (result: Result) => (CONTACTED_RESULTS as readonly string[]).includes(result);
export const isAppointment = (result: Result) => result === APPOINTMENT_MADE;

/** The counts of a day's results and calls started, and of the agent's open callbacks. */
export function countDay(results: readonly Result[], callsStarted: number, callbacks: Pick<AgentDayCounts, "callbacksDue" | "callbacksOverdue">): AgentDayCounts {
  return {
    callsStarted,
    resultsSaved: results.length,
    contacts: results.filter(isContact).length,
    appointments: results.filter(isAppointment).length,
    ...callbacks,
  };
}

/** Appointments ÷ contacts in percent, one decimal; null without contacts (nothing to convert). */
export const conversion = ({ contacts, appointments }: AgentDayCounts): number | null => (contacts === 0 ? null : percentOf(appointments, contacts));

/** The totals row: every count summed. */
export function totalCounts(rows: readonly AgentDayCounts[]): AgentDayCounts {
  return rows.reduce(
    (sum, row) => ({
      callsStarted: sum.callsStarted + row.callsStarted,
      resultsSaved: sum.resultsSaved + row.resultsSaved,
      contacts: sum.contacts + row.contacts,
      appointments: sum.appointments + row.appointments,
      callbacksDue: sum.callbacksDue + row.callbacksDue,
      callbacksOverdue: sum.callbacksOverdue + row.callbacksOverdue,
    }),
    NO_COUNTS,
  );
}
