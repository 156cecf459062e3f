// The work queue's hopper (migration 0036): per set of filters, the members picked ahead of time in
// the queue's order, shared by every instance. A fill tops it up to HOPPER_LEVEL from one walk of
// the queue's index, one instance at a time (a transaction-scoped advisory lock: it holds nothing
// past the transaction, so it works behind a transaction-mode pooler); a take removes its first
// row nobody else is taking (SKIP LOCKED) in one statement. What a take returns is only a
// candidate: the member is checked again against the rules before it is served (next.repository.ts).
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import type { ListQuery } from "../members/members.repository.ts";
import { queueWalk, type WalkFilters, type WalkMoment, type WalkWay } from "./queueWalk.repository.ts";

/** Members a fill leaves in a hopper: more than a second of twenty agents pressing Next back to back. */
export const HOPPER_LEVEL = 500;
/**
 * Below this many a take asks for a fill in the background: the fill tops the hopper up while it
 * still holds most of a second of takes, so no take waits for it (a fill under a campaign's
 * targets checks thousands of member rows). Under filters, a fill that still leaves fewer than
 * this many after the walk's first members looks at the filters' own members.
 */
export const HOPPER_LOW = 300;
/**
 * A hopper its last fill could not take up to the level (few members eligible under its filters)
 * asks for a fill once this many fewer are left than that fill left, or below HOPPER_LAST_LOW: a
 * fill at every take would look for members that are not there.
 */
const HOPPER_TAKEN_BEFORE_FILL = HOPPER_LEVEL - HOPPER_LOW;
const HOPPER_LAST_LOW = 100;
/** A hopper topped up longer ago than this is topped up again in the background (members that became eligible since). */
export const HOPPER_FRESH_MS = 5_000;
/** The advisory locks' first key: the hoppers' fills (the second is the key's hash). */
const FILL_LOCK = 36_002;

/** The filters that choose members, in a fixed order: the list's sort does not change who is served. */
export function hopperKeyOf(query: ListQuery): string {
  const { orderByColumn: _sort, sameColumn: _direction, ...filters } = query;
  const kept = Object.entries(filters).filter(([, value]) => value !== undefined).sort(([a], [b]) => (a < b ? -1 : 1));
  return `list:${JSON.stringify(Object.fromEntries(kept))}`;
}

/** The open zones as a hopper records them: a change means members of newly opened zones are missing. */
export const zonesText = (zones: readonly string[]) => [...zones].sort().join(",");

/**
 * What a hopper holds after a take, and whether it wants a fill: few left (against what this
 * instance's last fill of it left, when known), topped up long ago, or for other zones.
 */
export interface HopperAfterTake {
  left: number;
  wantsFill: boolean;
}

/**
 * The statement's part that removes the hopper's first member in an open zone and not held by a
 * live claim, nobody else taking it at the same moment (SKIP LOCKED), unless `unless` holds:
 * `delete … returning member_id`. The member's row is not locked here: the caller locks it and
 * checks it again.
 */
export const hopperTakeSql = (key: string, moment: WalkMoment, unless: RawBuilder<boolean>) => sql`
  delete from queue_hopper where key = ${key} and not (${unless}) and place = (
    select h.place from queue_hopper h join queue_state q on q.member_id = h.member_id
    where h.key = ${key} and q.time_zone = any(${moment.openZones}::text[]) and (q.held_until is null or q.held_until <= ${moment.claimsNow})
    order by h.place limit 1 for update of h skip locked)
  returning member_id`;

/** Columns of the hopper's rows left (after a take of one) and its last fill, for hopperAfterTake. */
export const hopperStateSql = (key: string) => sql`
  (select count(*) from queue_hopper where key = ${key})::int - 1 as hopper_left,
  (select filled_at from queue_hoppers where key = ${key}) as hopper_filled_at,
  (select zones from queue_hoppers where key = ${key}) as hopper_zones`;

export function hopperAfterTake(row: { hopper_left: number; hopper_filled_at: Date | null; hopper_zones: string | null }, moment: WalkMoment, lastFilled = HOPPER_LEVEL): HopperAfterTake {
  const stale = row.hopper_filled_at === null || moment.claimsNow.getTime() - new Date(row.hopper_filled_at).getTime() > HOPPER_FRESH_MS;
  const low = Math.max(HOPPER_LAST_LOW, Math.min(HOPPER_LOW, lastFilled - HOPPER_TAKEN_BEFORE_FILL));
  return { left: row.hopper_left, wantsFill: row.hopper_left < low || stale || row.hopper_zones !== zonesText(moment.openZones) };
}

/**
 * Tops the hopper up to HOPPER_LEVEL: drops the members the walk no longer holds (held, waiting,
 * out of the open zones, or changed), then adds the walk's next members after the last place.
 * "busy" when another fill of it is running (here or on another instance); otherwise how many
 * members it holds now.
 */
export async function fillHopper(db: Kysely<Database>, key: string, filters: WalkFilters, moment: WalkMoment): Promise<number | "busy"> {
  return db.transaction().execute(async (trx) => {
    // One statement takes the fill's lock, makes the hopper's row and drops the members the walk no longer holds.
    const { rows } = await sql<{ locked: boolean; n: number }>`
      with lock as materialized (select pg_try_advisory_xact_lock(${FILL_LOCK}, hashtext(${key})) as locked),
      made as (insert into queue_hoppers (key) select ${key} from lock where locked on conflict (key) do nothing),
      gone as (
        delete from queue_hopper h using queue_state q, lock
        where lock.locked and h.key = ${key} and q.member_id = h.member_id
          and not (q.blocked is null and not q.stale and q.time_zone = any(${moment.openZones}::text[])
            and (q.held_until is null or q.held_until <= ${moment.claimsNow}) and (q.ready_at is null or q.ready_at <= ${moment.now}))
        returning 1)
      select locked, ((select count(*) from queue_hopper where key = ${key}) - (select count(*) from gone))::int as n from lock`.execute(trx);
    const { locked, n } = rows[0]!;
    if (!locked) return "busy";
    const wanted = HOPPER_LEVEL - n;
    const stamp = sql`update queue_hoppers set filled_at = ${moment.claimsNow}, zones = ${zonesText(moment.openZones)} where key = ${key}`;
    if (wanted <= 0 || moment.openZones.length === 0) {
      await stamp.execute(trx);
      return n;
    }
    const notHeld = sql<boolean>`not exists (select 1 from queue_hopper h where h.key = ${key} and h.member_id = q.member_id)`;
    const also = sql<boolean>`${sql.join([notHeld, ...filters.onState], sql` and `)}`;
    const onMember = filters.onMember;
    // Each insert stamps the fill in its own statement.
    const addFrom = async (way: WalkWay, take: number) => {
      const { rows: added } = await sql<{ n: number }>`
        with added as (
          insert into queue_hopper (key, place, member_id)
          select ${key}, coalesce((select max(place) from queue_hopper where key = ${key}), 0) + w.place, w.member_id
          from (${queueWalk(moment, onMember, take, also, way)}) w
          on conflict do nothing returning 1),
        stamped as (${stamp})
        select count(*)::int as n from added`.execute(trx);
      return added[0]!.n;
    };
    // Under filters on the member, the walk's first members first; if too few of them pass, the filters' own members.
    let added = await addFrom(onMember.length > 0 ? "ahead" : "index", wanted);
    if (onMember.length > 0 && n + added < HOPPER_LOW) added += await addFrom("matching", wanted - added);
    return n + added;
  });
}
