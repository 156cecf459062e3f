// @vitest-environment node
// Next never serves a member on the state it had before a save of it: not while the save is in
// flight (its member row is locked; the take skips it), and not after the save has committed but
// before the queue's state has followed it (the save marked the state stale in its own statement;
// the walk skips stale rows and a take works them out again). Then the state follows: the attempt
// is counted and the result's cooldown holds the member back.
import { sql, type RawBuilder, type Transaction } from "kysely";
import type { Database } from "../db/database.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, ENGINES, STAFF_EMAIL, ADMIN_EMAIL, startTestApp, type TestApp } from "../../tests/support/testApp.ts";
import { saveResult } from "../members/history.repository.ts";
import { followQueueState } from "./stateFollower.ts";
import { calendarNow } from "../calendar.ts";
import { INACTIVE_STATUSES } from "../../domain/queue/results.ts";

// Next serves at any hour (outside calling hours it rightly serves nobody).
const ANY_HOUR = { QUEUE_CALLING_HOURS: "00:00-24:00" };

describe.each(ENGINES)("a save in flight and Next on %s", (engine) => {
  let server: TestApp;
  let baseUrl: string;
  let agent: { id: number; token: string };
  let colleague: { id: number; token: string };

  beforeAll(async () => {
    server = await startTestApp({ engine, env: ANY_HOUR });
    baseUrl = `${await server.app.listen({ port: 0, host: "127.0.0.1" })}/api`;
    const { db } = server.database;
    const idOf = async (email: string) => (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    agent = { id: await idOf(STAFF_EMAIL), token: await server.sessionOf(STAFF_EMAIL) };
    colleague = { id: await idOf(ADMIN_EMAIL), token: await server.sessionOf(ADMIN_EMAIL) };
  }, 180_000);
  afterAll(() => server?.close());

  async function next(token: string): Promise<number | null> {
    const answer = await fetch(`${baseUrl}/queue/next`, { method: "POST", headers: bearer(token) });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { member: { id: number } | null }).member?.id ?? null;
  }

  /** The agent's Next: the member at the head of the queue, claimed for them; its key for a save. */
  async function servedToAgent() {
    const id = (await next(agent.token))!;
    const row = await server.database.db.selectFrom("members").select(["subscriber_id as sid", "practice_id as practice", "pat_num as patnum"]).where("id", "=", id).executeTakeFirstOrThrow();
    return { id, key: row };
  }

  const stateOf = (memberId: number) =>
    server.database.db.selectFrom("queue_state").select(["stale", "attempts", "ready_at", "held_until"]).where("member_id", "=", memberId).executeTakeFirstOrThrow();

  it("does not serve a member whose save has committed before its queue state has followed, then counts the attempt", async () => {
    const member = await servedToAgent();
    const before = await stateOf(member.id);
    // The save as the handler makes it, stopped right after its commit: its claim has ended, so
    // only the state's staleness keeps the member from being served on its old state.
    const outcome = await saveResult(server.database.db, member.key, "No answer", { userId: agent.id, address: "127.0.0.1", clock: () => calendarNow(server.app.services) });
    expect("saved" in outcome).toBe(true);
    const served = await Promise.all([next(colleague.token), next(colleague.token), next(agent.token)]);
    expect(served).not.toContain(member.id);

    const states = await followQueueState(server.app.services, [member.id]);
    expect(states.get(member.id)?.attempts).toBe(before.attempts + 1);
    const after = await stateOf(member.id);
    expect(after).toMatchObject({ stale: false, attempts: before.attempts + 1 });
    // No answer waits before the next attempt.
    expect(after.ready_at).not.toBeNull();
    expect(await next(colleague.token)).not.toBe(member.id);
  }, 60_000);

  it("answers a saved result with the queue's state already followed", async () => {
    const member = await servedToAgent();
    const before = await stateOf(member.id);
    const answer = await fetch(`${baseUrl}/Members/saveResult`, {
      method: "POST",
      headers: { ...bearer(agent.token), "content-type": "application/json" },
      body: JSON.stringify({ ...member.key, addLocation: "callCenter", Result: "Left message" }),
    });
    expect(answer.status).toBe(201);
    expect(await stateOf(member.id)).toMatchObject({ stale: false, attempts: before.attempts + 1 });
  }, 60_000);

  /** Holds `lock` in a transaction of its own until the answer's `release` is called. */
  async function holding(lock: (trx: Transaction<Database>) => Promise<unknown>) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const held = new Promise<void>((resolve) => (locked = resolve));
    const hold = server.database.db.transaction().execute(async (trx) => {
      await lock(trx);
      locked();
      await released;
    });
    await held;
    return { release: () => (release(), hold) };
  }

  const saveResultOf = (member: Awaited<ReturnType<typeof servedToAgent>>, Result: string) =>
    fetch(`${baseUrl}/Members/saveResult`, {
      method: "POST",
      headers: { ...bearer(agent.token), "content-type": "application/json" },
      body: JSON.stringify({ ...member.key, addLocation: "callCenter", Result }),
    });

  /** Until `waiting` counts a lock somebody waits for (the save is kept waiting). */
  async function untilWaiting(waiting: RawBuilder<{ n: string }>) {
    for (let waited = 0; ; waited += 1) {
      const { rows } = await waiting.execute(server.database.db);
      if (Number(rows[0]!.n) > 0) return;
      expect(waited).toBeLessThan(500);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it.runIf(engine === "postgres")("does not serve a member while its save is in flight", async () => {
    const member = await servedToAgent();
    // Another connection keeps the save waiting at its write, after it has locked the member: a
    // save in flight. Reads of the history (Next's) are not kept waiting.
    const hold = await holding((trx) => sql`lock table results in exclusive mode`.execute(trx));
    const save = saveResultOf(member, "No answer");
    try {
      // The save holds the member's row and waits on the history's lock.
      await untilWaiting(sql<{ n: string }>`
        select count(*) as n from pg_locks l join pg_class c on c.oid = l.relation
        where c.relname = 'results' and c.relnamespace = current_schema()::regnamespace and not l.granted`);
      const served = await Promise.all([next(colleague.token), next(colleague.token)]);
      expect(served).not.toContain(member.id);
    } finally {
      await hold.release();
    }
    expect((await save).status).toBe(201);
    expect(await next(colleague.token)).not.toBe(member.id);
  }, 60_000);

  it.runIf(engine === "postgres")("works a saved member's state out only once a change of its Status in flight has committed", async () => {
    const member = await servedToAgent();
    // Saved and committed: the state is stale and its follow-up due.
    const outcome = await saveResult(server.database.db, member.key, "No answer", { userId: agent.id, address: "127.0.0.1", clock: () => calendarNow(server.app.services) });
    expect("saved" in outcome).toBe(true);
    // A practice feed's batch drops the member meanwhile and has not committed yet.
    const hold = await holding((trx) => sql`update member_visits set status = ${INACTIVE_STATUSES[0]} where member_id = ${member.id}`.execute(trx));
    let followed: Promise<Map<number, unknown>> | undefined;
    try {
      followed = followQueueState(server.app.services, [member.id]);
      // The follow-up waits for the batch: read now, its facts would still say the old Status.
      await untilWaiting(sql<{ n: string }>`select count(*) as n from pg_locks where locktype in ('transactionid', 'tuple') and not granted`);
    } finally {
      await hold.release();
    }
    await followed;
    expect(await stateOf(member.id)).toMatchObject({ stale: false });
    const { blocked } = await server.database.db.selectFrom("queue_state").select("blocked").where("member_id", "=", member.id).executeTakeFirstOrThrow();
    expect(blocked).toBe("droppedOrDuplicate");
  }, 60_000);

  it.runIf(engine === "postgres")("keeps a save of a member whose rows are held waiting until they are free, then writes it once", async () => {
    const member = await servedToAgent();
    const { db } = server.database;
    const countOf = async (table: "results" | "audit_log") =>
      Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${sql.raw(table === "results" ? "member_id" : "member_ids[1]")} = ${member.id}`.execute(db)).rows[0]!.n);
    const before = { results: await countOf("results"), audit: await countOf("audit_log") };
    // Another transaction holds the member's row, as a colleague's save or Next does for a moment.
    const hold = await holding((trx) => sql`select id from members where id = ${member.id} for update`.execute(trx));
    const save = saveResultOf(member, "Left message");
    try {
      await untilWaiting(sql<{ n: string }>`select count(*) as n from pg_locks where locktype in ('transactionid', 'tuple') and not granted`);
      expect(await countOf("results")).toBe(before.results);
    } finally {
      await hold.release();
    }
    expect((await save).status).toBe(201);
    expect({ results: await countOf("results"), audit: await countOf("audit_log") }).toEqual({ results: before.results + 1, audit: before.audit + 1 });
  }, 60_000);
});
