// Each member's place in the work queue (queue_state, migration 0024), worked out by the rules of
// domain/queue/memberState.ts from the member's facts here, and written back: for one member in
// the transaction of what changed it (a callback, a reset), right after the commit of a saved
// result (server/queue/stateFollower.ts), for members an import
// or a change of practice marked `stale` before Next serves, and for every member when the rules
// change. The facts are read from the source tables every time, so the state is never more than a
// cache of them (apart from the reset's instant and the phone of a Phone number issues result).
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/database.ts";
import { queueStateOf, type QueueFacts, type QueueState } from "../../domain/queue/memberState.ts";
import { PHONE_ISSUES, rulesFingerprint, type QueueRules } from "../../domain/queue/rules.ts";
import type { components } from "../../contract/schema.d.ts";
import { PREPARED } from "../db/preparedStatements.ts";

type Db = Kysely<Database> | Transaction<Database>;
type Schemas = components["schemas"];

/** Bumped when what domain/queue/memberState.ts makes of the same facts changes: every state is worked out again. */
export const QUEUE_STATE_VERSION = 2;
/** Members worked out per statement: one read and one write each. */
const BATCH = 2000;

/** What a state is worked out with: the rules and the practice group's zone (a practice without its own). */
export interface QueueSetting {
  rules: QueueRules;
  groupZone: string;
}

export interface FactsRow {
  id: number;
  practice_id: number;
  result: string;
  status: string;
  phone: string;
  state: string;
  last_visit: string | null;
  practice_zone: string;
  priority: string | null;
  issue_phone: string | null;
  attempt_times: Date[];
  latest_result_at: Date | null;
  callback_id: number | null;
  callback_due_at: Date | null;
  callback_owner: number | null;
  callback_owner_until: Date | null;
  appointment_ahead: boolean;
}

const ms = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

/** What the members' states are worked out from (their open callback's id too). */
export async function factsOf(db: Db, memberIds: readonly number[], groupZone: string, now: Date): Promise<FactsRow[]> {
  // Prepared: its nine tables took PostgreSQL ~1.5 ms to plan and ~0.1 ms to read for the few
  // members a save's follow-up works out, and the follow-ups of an instance run one at a time.
  const { rows } = await sql<FactsRow>`${PREPARED}
    select m.id, m.practice_id, w.result, v.status, m.phone, m.state, to_char(v.last_visit, 'YYYY-MM-DD') as last_visit,
      coalesce(p.time_zone, ${groupZone}) as practice_zone, q.issue_phone,
      exists (select 1 from appointments a where a.practice_id = m.practice_id and a.pat_num = m.pat_num and m.pat_num <> ''
        and a.status = 'Scheduled' and a.starts_at > ${now}) as appointment_ahead,
      (select min(t.priority) from treatment_priorities t where t.practice_id = m.practice_id and t.pat_num = m.pat_num and m.pat_num <> '') as priority,
      coalesce((select array_agg(r.created_at order by r.id) from results r
        where r.member_id = m.id and r.result <> '' and (q.attempts_reset_at is null or r.created_at > q.attempts_reset_at)), '{}') as attempt_times,
      (select r.created_at from results r where r.member_id = m.id order by r.id desc limit 1) as latest_result_at,
      c.id as callback_id, c.due_at as callback_due_at, c.owner_id as callback_owner, c.owner_until as callback_owner_until
    from members m
    join member_work w on w.member_id = m.id
    join member_visits v on v.member_id = m.id
    join practices p on p.id = m.practice_id
    left join queue_state q on q.member_id = m.id
    left join callbacks c on c.member_id = m.id and c.status = 'open'
    where m.id = any(${memberIds as number[]}::int[])`.execute(db);
  return rows;
}

const toFacts = (row: FactsRow): QueueFacts => ({
  result: row.result as QueueFacts["result"],
  status: row.status as QueueFacts["status"],
  phone: row.phone,
  state: row.state,
  practiceTimeZone: row.practice_zone,
  lastVisit: row.last_visit,
  priority: row.priority as Schemas["TreatmentPriority"] | null,
  attemptTimes: row.attempt_times.map((at) => new Date(at).getTime()),
  latestResultAt: ms(row.latest_result_at),
  issuePhone: row.issue_phone,
  callback: row.callback_due_at === null ? null : { dueAt: ms(row.callback_due_at)!, ownerId: row.callback_owner, ownerUntil: ms(row.callback_owner_until) },
  appointmentAhead: row.appointment_ahead,
});

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

/** Writes the states (and the phone a Phone number issues result was saved against), no longer stale. */
async function writeStates(db: Db, states: { memberId: number; practiceId: number; state: QueueState; issuePhone: string | null }[], now: Date): Promise<void> {
  if (states.length === 0) return;
  const column = <T>(pick: (entry: (typeof states)[number]) => T) => states.map(pick);
  // A wait that has already ended is written as none, so the member is in the walk at once.
  const ahead = (at: number | null) => (at !== null && at > now.getTime() ? iso(at) : null);
  await sql`${PREPARED}
    update queue_state q set stale = false, practice_id = s.practice_id, blocked = s.blocked, time_zone = s.time_zone, rank = s.rank, recare_due = s.recare_due,
      attempts = s.attempts, last_attempt_at = s.last_attempt_at, attempts_resume_at = s.attempts_resume_at,
      cooldown_ends_at = s.cooldown_ends_at, callback_owner = s.callback_owner, callback_due_at = s.callback_due_at,
      callback_owner_until = s.callback_owner_until, ready_at = s.ready_at, issue_phone = s.issue_phone
    from unnest(${column((e) => e.memberId)}::int[], ${column((e) => e.practiceId)}::int[], ${column((e) => e.state.blocked)}::text[], ${column((e) => e.state.timeZone)}::text[],
      ${column((e) => e.state.rank)}::smallint[], ${column((e) => e.state.recareDue)}::date[], ${column((e) => e.state.attempts)}::smallint[],
      ${column((e) => iso(e.state.lastAttemptAt))}::timestamptz[], ${column((e) => iso(e.state.attemptsResumeAt))}::timestamptz[],
      ${column((e) => iso(e.state.cooldownEndsAt))}::timestamptz[], ${column((e) => e.state.callback?.ownerId ?? null)}::int[],
      ${column((e) => iso(e.state.callback?.dueAt ?? null))}::timestamptz[], ${column((e) => iso(e.state.callback?.ownerUntil ?? null))}::timestamptz[],
      ${column((e) => ahead(e.state.readyAt))}::timestamptz[], ${column((e) => e.issuePhone)}::text[])
      as s(member_id, practice_id, blocked, time_zone, rank, recare_due, attempts, last_attempt_at, attempts_resume_at, cooldown_ends_at,
        callback_owner, callback_due_at, callback_owner_until, ready_at, issue_phone)
    where q.member_id = s.member_id`.execute(db);
}

/**
 * Works out the states of members from their facts and writes them, and answers them.
 * `savedResult`: the result just saved, whose phone is kept when it is Phone number issues and
 * forgotten otherwise.
 */
export async function workOut(db: Db, rows: readonly FactsRow[], setting: QueueSetting, now: Date, savedResult?: string): Promise<Map<number, QueueState>> {
  const states = rows.map((row) => {
    const issuePhone = savedResult === undefined ? row.issue_phone : savedResult === PHONE_ISSUES ? row.phone : null;
    return { memberId: row.id, practiceId: row.practice_id, state: queueStateOf(toFacts({ ...row, issue_phone: issuePhone }), setting.rules), issuePhone };
  });
  await writeStates(db, states, now);
  return new Map(states.map(({ memberId, state }) => [memberId, state]));
}

/** Works out and writes the states of these members (their rows locked by the caller: the member rows by a change in its own transaction, the queue rows by refreshMembersLocked and refreshStale). */
export async function refreshMembers(db: Db, memberIds: readonly number[], setting: QueueSetting, now: Date): Promise<Map<number, QueueState>> {
  return workOut(db, await factsOf(db, memberIds, setting.groupZone, now), setting, now);
}

/**
 * Works out and writes the states of these members in a transaction of its own, their queue rows
 * locked first in id order. Every change of a member's facts writes its queue row in its own
 * transaction (the stale mark, even on a row already stale: migration 0064), so once the lock is
 * granted no change of theirs is in flight while their facts are read; and two such transactions
 * never wait for each other in a circle. The queue row, not the member's: the state's write then
 * updates rows this transaction already holds, and the wide `members` heap is not touched.
 * Members that no longer exist have none.
 * Its commit does not wait for the disk: what it writes is a cache of facts that committed durably
 * with the mark that made the rows stale, so a crash that loses it leaves them stale, and Next
 * works them out before serving them. Its locks are not held through a flush meanwhile.
 */
export async function refreshMembersLocked(db: Kysely<Database>, memberIds: readonly number[], setting: QueueSetting, now: () => Date): Promise<Map<number, QueueState>> {
  const ids = [...new Set(memberIds)].sort((a, b) => a - b);
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number }>`${PREPARED}
      with unflushed as (select set_config('synchronous_commit', 'off', true))
      select q.member_id as id from unflushed, queue_state q where q.member_id = any(${ids}::int[]) order by q.member_id for update of q`.execute(trx);
    return refreshMembers(trx, rows.map((row) => row.id), setting, now());
  });
}

/** Works out up to `limit` stale members (an import changed them); how many. */
export async function refreshStale(db: Kysely<Database>, setting: QueueSetting, now: Date, limit = BATCH): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ member_id: number }>`
      select member_id from queue_state where stale order by member_id limit ${limit} for update skip locked`.execute(trx);
    if (rows.length > 0) await refreshMembers(trx, rows.map((row) => row.member_id), setting, now);
    return rows.length;
  });
}

/**
 * Ends the waits and holds that are over, up to `limit` of each: their members go back into the
 * walk's index. Rows someone else is writing are left to them.
 */
export async function sweep(db: Db, now: Date, claimsNow: Date, limit: number): Promise<void> {
  await sweepStatement(now, claimsNow, limit).execute(db);
}

const sweepStatement = (now: Date, claimsNow: Date, limit: number) => sql<{ stale: boolean }>`
    with waited as (select member_id from queue_state where ready_at <= ${now} order by ready_at limit ${limit} for update skip locked),
      held as (select member_id from queue_state where held_until <= ${claimsNow} order by held_until limit ${limit} for update skip locked),
      ended as (select member_id from waited union select member_id from held)
    update queue_state q
      set ready_at = case when q.ready_at <= ${now} then null else q.ready_at end,
        held_until = case when q.held_until <= ${claimsNow} then null else q.held_until end
    from ended where q.member_id = ended.member_id
    returning false as stale`;

/**
 * What each Next does first: ends up to `limit` waits and holds that are over, and works out up
 * to `limit` members an import changed, if any (one statement when there are none; the stale
 * members are found through their partial index, whatever the planner's figures say).
 */
export async function upkeep(db: Kysely<Database>, setting: QueueSetting, now: Date, claimsNow: Date, limit: number): Promise<void> {
  const { rows } = await sql<{ stale: boolean }>`
    with swept as (${sweepStatement(now, claimsNow, limit)})
    select (select member_id from queue_state where stale order by member_id limit 1) is not null as stale, (select count(*) from swept) as swept`.execute(db);
  if (rows[0]!.stale) await refreshStale(db, setting, now, limit);
}

/**
 * Makes every member's stored state follow the rules in force: all of them when the rules (or
 * their computation) changed since they were worked out, otherwise the stale ones; then ends the
 * waits that ended meanwhile. Answers how many were worked out.
 */
export async function ensureQueueState(db: Kysely<Database>, setting: QueueSetting, now: Date, claimsNow: Date): Promise<number> {
  await markStaleForRules(db, setting);
  const worked = await refreshAllStale(db, setting, () => now, () => false);
  await sweepPassed(db, now, claimsNow);
  return worked;
}

/** How many states are stale, counted up to `upTo` (more answers `upTo`). */
export async function countStale(db: Kysely<Database>, upTo: number): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from (select 1 from queue_state where stale limit ${upTo}) s`.execute(db);
  return Number(rows[0]!.n);
}

/** Marks every state stale when the rules (or their computation) changed since they were worked out. */
export async function markStaleForRules(db: Kysely<Database>, setting: QueueSetting): Promise<void> {
  const fingerprint = rulesFingerprint(setting.rules, QUEUE_STATE_VERSION) + setting.groupZone;
  const stored = await db.selectFrom("queue_rules").select("fingerprint").executeTakeFirst();
  if (stored?.fingerprint === fingerprint) return;
  await db.transaction().execute(async (trx) => {
    await sql`update queue_state set stale = true where not stale`.execute(trx);
    await sql`insert into queue_rules (fingerprint) values (${fingerprint}) on conflict (only_row) do update set fingerprint = excluded.fingerprint`.execute(trx);
  });
}

/** Works out the stale members a batch at a time until none is left (or `stopped`); how many. */
export async function refreshAllStale(db: Kysely<Database>, setting: QueueSetting, now: () => Date, stopped: () => boolean): Promise<number> {
  let worked = 0;
  while (!stopped()) {
    const done = await refreshStale(db, setting, now());
    if (done === 0) break;
    worked += done;
  }
  // The planner's figures of the table changed with it (PGlite has no autovacuum to renew them):
  // without them the check for stale members read every row.
  if (worked > 0 && !stopped()) await sql`analyze queue_state`.execute(db);
  return worked;
}

/** Ends every wait and hold that is over. */
export async function sweepPassed(db: Kysely<Database>, now: Date, claimsNow: Date): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from (select 1 from queue_state where ready_at <= ${now} or held_until <= ${claimsNow} limit 1) passed`.execute(db);
    if (Number(rows[0]!.n) === 0) return;
    await sweep(db, now, claimsNow, 10 * BATCH);
  }
}
