// Every change of a member's queue facts writes the member's `queue_state` row in its own statement,
// even when the row is already stale: the mark's row lock is then held until the change commits.
// Whoever works a state out (a saved result's follow-up, Next's upkeep) locks the queue rows first
// and so waits for every change of those members still in flight before it reads their facts.
// Before, a mark skipped a row already stale: a change of a member's phone, Status, last visit or
// treatment priority made while a save's follow-up was due went unseen by that follow-up, which then
// wrote the member's state as worked out (no longer stale) from the facts before the change.
import { sql, type Kysely } from "kysely";

/** Each marking function and its condition with and without the skip of rows already stale. */
const MARKS = [
  { name: "members_updated", guarded: "WHERE q.member_id = n.id AND NOT q.stale", always: "WHERE q.member_id = n.id" },
  { name: "member_visits_updated", guarded: "WHERE q.member_id = n.member_id AND NOT q.stale", always: "WHERE q.member_id = n.member_id" },
  { name: "queue_state_touch_patients", guarded: "WHERE q.member_id = m.id AND NOT q.stale AND", always: "WHERE q.member_id = m.id AND" },
];

async function rewrite(db: Kysely<unknown>, from: "guarded" | "always", to: "guarded" | "always"): Promise<void> {
  for (const mark of MARKS) {
    const { rows } = await sql<{ definition: string }>`select pg_get_functiondef(${mark.name}::regproc) as definition`.execute(db);
    const definition = rows[0]!.definition;
    if (definition.split(mark[from]).length !== 2) throw new Error(`${mark.name}: its stale mark is not the one this migration knows`);
    await sql.raw(definition.replace(mark[from], mark[to])).execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, "guarded", "always");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, "always", "guarded");
}
