// The work queue of the fake backend: each member's state worked out by domain/queue/memberState.ts
// from the records (its results since its attempts were reset, its open callback, its treatment
// priority, its practice's zone), kept until something about the member changes, and read at the
// moment of asking by domain/queue/verdict.ts, as the server does. Not a Map or array of the
// database: the browser's persistence (mocks/persistence.ts) keeps the records it derives from.
import type { components } from "../../contract/schema";
import type { MemberRecord, ResultRecord } from "../../demo/records.ts";
import { isInCallingWindow } from "../../domain/queue/callingWindow.ts";
import { queueStateOf, type QueueState } from "../../domain/queue/memberState.ts";
import { PHONE_ISSUES, DEFAULT_QUEUE_RULES, type CallingWindow, type QueueRules } from "../../domain/queue/rules.ts";
import { isAttempt } from "../../domain/queue/results.ts";
import { verdictOf, type Verdict } from "../../domain/queue/verdict.ts";
import { PRACTICE_TIME_ZONE } from "../../domain/vocabulary.ts";
import { isLive } from "../../domain/team/claims.ts";
import type { DemoWorld } from "../../demo/world.ts";
import type { ClaimStore } from "../db/claims";
import type { MockAppointment } from "../db/records";
import { hasAppointmentAhead } from "../../domain/queue/practiceSchedule.ts";

/** What the queue reads of the fake database. */
export type QueueRecords = Pick<DemoWorld, "results" | "priorities" | "callbacks" | "practiceTimeZones"> & {
  /** The practices' schedules, from their appointments feed. */
  appointments: readonly MockAppointment[];
  now: () => Date;
  claims: ClaimStore;
  attemptResets: Map<number, string>;
  issuePhones: Map<number, string>;
};

const time = (iso: string) => Date.parse(iso);
type TreatmentPriority = components["schemas"]["TreatmentPriority"];

export class MockQueue {
  readonly rules: QueueRules;
  readonly #db: QueueRecords;
  #results: Map<number, ResultRecord[]> | undefined;
  #priorities: Map<string, string> | undefined;
  readonly #states = new Map<number, QueueState>();
  /** The callbacks whose coming due open lists have heard of; undefined until someone listens. */
  #announced: Set<number> | undefined;
  #overdueAnnounced: Set<string> | undefined;

  constructor(db: QueueRecords, callingWindow: CallingWindow = DEFAULT_QUEUE_RULES.callingWindow) {
    this.#db = db;
    this.rules = { ...DEFAULT_QUEUE_RULES, callingWindow };
  }

  /** Each member's saved results, oldest first (read once, then kept up by resultSaved). */
  #resultsOf(memberId: number): ResultRecord[] {
    if (!this.#results) {
      this.#results = new Map();
      for (const result of [...this.#db.results].sort((a, b) => a.id - b.id)) {
        const list = this.#results.get(result.memberId) ?? [];
        list.push(result);
        this.#results.set(result.memberId, list);
      }
    }
    return this.#results.get(memberId) ?? [];
  }

  #priorityOf(member: MemberRecord): string | undefined {
    if (!this.#priorities) {
      this.#priorities = new Map();
      for (const entry of this.#db.priorities) {
        const key = `${entry.practiceId}/${entry.patNum}`;
        const best = this.#priorities.get(key);
        if (!best || entry.priority < best) this.#priorities.set(key, entry.priority);
      }
    }
    return member.PatNum === "" ? undefined : this.#priorities.get(`${member.practiceId}/${member.PatNum}`);
  }

  #appointmentsOf(member: MemberRecord): readonly MockAppointment[] {
    return this.#db.appointments.filter((appointment) => appointment.practiceId === member.practiceId && appointment.patNum === member.PatNum);
  }

  /** A feed changed the planned treatment: every member's priority is read again. */
  prioritiesChanged(): void {
    this.#priorities = undefined;
    this.#states.clear();
  }

  /** The zone of a member's practice (the practice group's unless the practice keeps its own). */
  practiceZoneOf(practiceId: number): string {
    return this.#db.practiceTimeZones[practiceId] ?? PRACTICE_TIME_ZONE;
  }

  openCallbackOf(memberId: number) {
    return this.#db.callbacks.find((callback) => callback.memberId === memberId && callback.status === "open");
  }

  stateOf(member: MemberRecord): QueueState {
    let state = this.#states.get(member.id);
    if (!state) {
      const resetAt = this.#db.attemptResets.get(member.id);
      const results = this.#resultsOf(member.id);
      const attempts = results.filter((result) => isAttempt(result.Result) && (resetAt === undefined || time(result.createdAt) > time(resetAt)));
      const callback = this.openCallbackOf(member.id);
      const latest = results.at(-1);
      state = queueStateOf(
        {
          result: member.Result,
          status: member.Status,
          phone: member.Phone,
          state: member.State,
          practiceTimeZone: this.practiceZoneOf(member.practiceId),
          lastVisit: member.LastVisit,
          priority: (this.#priorityOf(member) as TreatmentPriority | undefined) ?? null,
          attemptTimes: attempts.map((result) => time(result.createdAt)),
          latestResultAt: latest ? time(latest.createdAt) : null,
          issuePhone: this.#db.issuePhones.get(member.id) ?? null,
          callback: callback ? { dueAt: time(callback.dueAt), ownerId: callback.ownerId, ownerUntil: callback.ownerUntil === null ? null : time(callback.ownerUntil) } : null,
          appointmentAhead: member.PatNum !== "" && hasAppointmentAhead(this.#appointmentsOf(member), this.#db.now().getTime()),
        },
        this.rules,
      );
      this.#states.set(member.id, state);
    }
    return state;
  }

  /** Something about the member changed (a callback, a reset): its state is worked out again when next read. */
  changed(memberId: number): void {
    this.#states.delete(memberId);
  }

  /** A result was saved for the member: its phone is kept against a Phone number issues result. */
  resultSaved(result: ResultRecord, member: MemberRecord): void {
    this.#resultsOf(result.memberId);
    const list = this.#results!.get(result.memberId) ?? [];
    list.push(result);
    this.#results!.set(result.memberId, list);
    if (result.Result === PHONE_ISSUES) this.#db.issuePhones.set(member.id, member.Phone);
    else this.#db.issuePhones.delete(member.id);
    this.changed(member.id);
  }

  /**
   * The verdicts on members for the caller at `now` (the calendar's clock; claims run on the real
   * one), each zone's calling window read once; a campaign's hours narrow the window.
   */
  judge(callerId: number, now: number, window: CallingWindow = this.rules.callingWindow): (member: MemberRecord) => Verdict {
    const windows = new Map<string, boolean>();
    const inWindow = (zone: string) => {
      let open = windows.get(zone);
      if (open === undefined) windows.set(zone, (open = isInCallingWindow(now, zone, window)));
      return open;
    };
    const claimsNow = new Date();
    return (member) => {
      const state = this.stateOf(member);
      const claim = this.#db.claims.get(member.id);
      const claimed = claim !== undefined && isLive({ expiresAt: new Date(claim.expiresAt) }, claimsNow);
      return verdictOf(state, { now, callerId, claimed, inWindow: inWindow(state.timeZone) });
    };
  }

  /**
   * The open callbacks that came due (by `now`) since the lists last heard, now marked as heard.
   * Those due before anyone listened are not news: a list that opens reads them.
   */
  comingDue(now: number) {
    const due = this.#db.callbacks.filter((callback) => callback.status === "open" && Date.parse(callback.dueAt) <= now);
    const first = this.#announced === undefined;
    this.#announced ??= new Set();
    const news = due.filter((callback) => !this.#announced!.has(callback.id));
    for (const callback of news) this.#announced.add(callback.id);
    return first ? [] : news;
  }

  /**
   * The agents whose callbacks became anyone's (grace period over, by `now`) since the last look: their
   * board rows' overdue count moved. As with coming due, those over before anyone looked are not news.
   */
  goingOverdue(now: number): number[] {
    const over = this.#db.callbacks.filter((callback) => callback.status === "open" && callback.ownerId !== null && callback.ownerUntil !== null && Date.parse(callback.ownerUntil) <= now);
    const first = this.#overdueAnnounced === undefined;
    this.#overdueAnnounced ??= new Set();
    // A moved callback goes overdue again at its new time.
    const news = over.filter((callback) => !this.#overdueAnnounced!.has(`${callback.id}@${callback.ownerUntil}`));
    for (const callback of news) this.#overdueAnnounced.add(`${callback.id}@${callback.ownerUntil}`);
    return first ? [] : [...new Set(news.map((callback) => callback.ownerId!))];
  }

  /** A callback moved: it comes due again. */
  forgetDue(callbackId: number): void {
    this.#announced?.delete(callbackId);
  }
}
