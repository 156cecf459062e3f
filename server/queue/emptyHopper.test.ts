// @vitest-environment node
// Nobody eligible with the calling window open (every member of the agents' filter done with): the
// hopper is filled once and found empty, and the Nexts that follow answer "No one to call now"
// without filling it again, until a change that could make someone eligible reaches the instance
// (here a colleague's save, through the live events) or the fills' tick comes round (then Next keeps
// answering at once while the background finds when the first wait under the filter ends, and the
// hopper is filled again at that moment, not before).
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ENGINES, STAFF_EMAIL, startTestApp, type TestApp } from "../../tests/support/testApp.ts";
import { HOPPER_FRESH_MS } from "./hopper.repository.ts";
import { settleHopperFills } from "./next.repository.ts";

describe.each(ENGINES)("Next when nobody is eligible under the filters, on %s", (engine) => {
  let test: TestApp;
  let staff: string;
  let colleague: string;
  // The claims' clock, which the hopper's fills are stamped with: moved by hand.
  let clock = new Date();
  const call = (url: string, token: string, payload?: object) =>
    test.app.inject({ method: "POST", url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload }) });
  // Appointment Made members are done with: nobody under this filter is ever served from the queue.
  const next = async () => {
    const answer = await call("/queue/next?result=Appointment%20Made", staff);
    expect(answer.statusCode).toBe(200);
    return answer.json() as { member: { id: number } | null };
  };
  const filledAt = async () => {
    const { rows } = await sql<{ filled_at: Date }>`select filled_at from queue_hoppers where key like ${"%Appointment Made%"}`.execute(test.database.db);
    expect(rows).toHaveLength(1);
    return new Date(rows[0]!.filled_at).getTime();
  };
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
    return clock.getTime();
  };

  beforeAll(async () => {
    test = await startTestApp({ engine, env: { QUEUE_CALLING_HOURS: "00:00-24:00", CLAIMS_PER_MINUTE: "100000" }, now: () => clock });
    staff = await test.sessionOf(STAFF_EMAIL);
    colleague = await test.sessionOf(ADMIN_EMAIL);
  }, 180_000);
  afterAll(() => test?.close());

  it("fills the hopper once, answers nobody without filling it again, and fills it again after a save", async () => {
    // The caller's own due callbacks are served whatever the filters (the demo data has some): pressed until none is left.
    for (let press = 0; (await next()).member !== null; press += 1) expect(press).toBeLessThan(50);
    // Their claims reach the instance as live events a moment later, as any change does: until the
    // last has, a Next may fill again. Then a Next answers without a fill.
    const answersWithoutFill = async () => {
      const before = await filledAt();
      later(1_000);
      expect((await next()).member).toBeNull();
      return (await filledAt()) === before;
    };
    await expect.poll(answersWithoutFill, { timeout: 10_000 }).toBe(true);
    const found = await filledAt();
    later(1_000);
    expect((await next()).member).toBeNull();
    expect((await next()).member).toBeNull();
    expect(await filledAt()).toBe(found);

    // A colleague's save of any member reaches this instance as a live event: a Next fills again.
    const { rows } = await sql<{ subscriber_id: string; practice_id: number; pat_num: string }>`
      select subscriber_id, practice_id, pat_num from members m where not exists (select 1 from member_claims c where c.member_id = m.id) order by id limit 1`.execute(test.database.db);
    const member = rows[0]!;
    const saved = await call("/Members/saveResult", colleague, { sid: member.subscriber_id, practice: member.practice_id, patnum: member.pat_num, Result: "No answer", addLocation: "callCenter" });
    expect(saved.statusCode).toBe(201);
    const afterSave = later(1_000);
    const filledAgain = async () => {
      expect((await next()).member).toBeNull();
      return filledAt();
    };
    await expect.poll(filledAgain, { timeout: 10_000 }).toBe(afterSave);

    // One member under the filter waits instead of being done with (as after a call), for 30 s:
    // nothing tells the instance, and the wait ends with time alone.
    await expect.poll(answersWithoutFill, { timeout: 10_000 }).toBe(true);
    const waitsUntil = new Date(clock.getTime() + 30_000);
    const { rows: waiting } = await sql<{ member_id: number }>`
      update queue_state set blocked = null, ready_at = ${waitsUntil}, held_until = null
      where member_id = (select w.member_id from member_work w where w.result = 'Appointment Made'
        and not exists (select 1 from callbacks c where c.member_id = w.member_id and c.status = 'open') order by w.member_id limit 1)
      returning member_id`.execute(test.database.db);
    expect(waiting).toHaveLength(1);
    // The fills' tick: Next still answers at once, and the look again in the background finds when
    // that wait ends rather than walking the queue: no fill until then.
    const lastFill = await filledAt();
    later(HOPPER_FRESH_MS);
    expect((await next()).member).toBeNull();
    await settleHopperFills(test.database.db);
    later(HOPPER_FRESH_MS);
    expect((await next()).member).toBeNull();
    expect((await next()).member).toBeNull();
    expect(await filledAt()).toBe(lastFill);
    // The wait ended: the next Next fills the hopper and serves that member.
    clock = waitsUntil;
    expect((await next()).member?.id).toBe(waiting[0]!.member_id);
  }, 60_000);

  it("answers a caller who found nobody without a look, until their callback falls due", async () => {
    const { rows } = await sql<{ id: number }>`
      select q.member_id as id from queue_state q where q.blocked is null and q.held_until is null and not q.stale
        and not exists (select 1 from callbacks c where c.member_id = q.member_id and c.status = 'open') order by q.member_id limit 1`.execute(test.database.db);
    const dueAt = new Date(clock.getTime() + 3_000);
    const booked = await call("/callbacks", staff, { memberId: rows[0]!.id, dueAt: dueAt.toISOString() });
    expect(booked.statusCode).toBe(201);
    // The booking reaches the instance as a live event: until it has, a Next may look again.
    await expect.poll(async () => (await next()).member, { timeout: 10_000 }).toBeNull();
    later(1_000);
    expect((await next()).member).toBeNull();
    expect((await next()).member).toBeNull();
    // Due: served at once, though the caller found nobody a moment ago.
    clock = dueAt;
    expect((await next()).member?.id).toBe(rows[0]!.id);
  }, 60_000);
});
