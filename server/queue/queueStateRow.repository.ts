// A queue_state row as the state domain/queue/memberState.ts worked out (the verdict reads it).
import type { Selectable } from "kysely";
import type { QueueStateTable } from "../db/database.ts";
import type { BlockedReason, QueueState } from "../../domain/queue/memberState.ts";

/** A row with its recare day as text (node-postgres would make a date a local midnight). */
export type QueueStateRow = Omit<Selectable<QueueStateTable>, "recare_due"> & { recare_due: string | null };

const ms = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

export function stateOfRow(row: QueueStateRow, groupZone: string): QueueState {
  const callbackDue = ms(row.callback_due_at);
  const callback = callbackDue === null ? null : { dueAt: callbackDue, ownerId: row.callback_owner, ownerUntil: ms(row.callback_owner_until) };
  const attemptsResumeAt = ms(row.attempts_resume_at);
  const cooldownEndsAt = ms(row.cooldown_ends_at);
  return {
    blocked: row.blocked as BlockedReason | null,
    timeZone: row.time_zone ?? groupZone,
    rank: row.rank,
    recareDue: row.recare_due,
    attempts: row.attempts,
    lastAttemptAt: ms(row.last_attempt_at),
    attemptsResumeAt,
    cooldownEndsAt,
    callback,
    readyAt: ms(row.ready_at),
  };
}
