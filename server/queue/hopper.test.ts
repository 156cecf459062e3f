// @vitest-environment node
// Next from the hopper: members are picked ahead of time, in the queue's order, and each is checked
// again when it is taken, so a member saved, claimed, called back, capped or gone out of its calling
// window after it entered the hopper is not served, nor one whose kept state (blocked, a callback, a
// wait) says so when the take reads it; the members behind them are, in the hopper's order.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ENGINES, STAFF_EMAIL, startTestApp, type TestApp } from "../../tests/support/testApp.ts";
import { localTimeOf } from "../../domain/queue/zonedTime.ts";
import { hopperKeyOf } from "./hopper.repository.ts";

const CENTRAL = "America/Chicago";

/** Two hours of calling from Central's current hour: open in Central and Eastern, closed in Hawaii. */
function windowOpenInCentral(): string {
  const hour = Math.floor(localTimeOf(Date.now(), CENTRAL).minutes / 60);
  const clock = (h: number) => `${String(h).padStart(2, "0")}:00`;
  return `${clock(hour)}-${clock(Math.min(24, hour + 2))}`;
}

describe.each(ENGINES)("Next from the hopper on %s", (engine) => {
  let test: TestApp;
  let staff: string;
  let colleague: string;
  const call = (method: "GET" | "POST", url: string, token: string, payload?: unknown) =>
    test.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const listed = async (id: number) => {
    const row = await test.database.db.selectFrom("members").select(["subscriber_id", "practice_id", "pat_num"]).where("id", "=", id).executeTakeFirstOrThrow();
    return { sid: row.subscriber_id, practice: row.practice_id, patnum: row.pat_num };
  };
  const save = async (id: number, Result: string) => call("POST", "/Members/saveResult", colleague, { ...(await listed(id)), Result, addLocation: "callCenter" });

  beforeAll(async () => {
    // One attempt caps a member, so that a single saved result shows the cap.
    test = await startTestApp({ engine, env: { QUEUE_CALLING_HOURS: windowOpenInCentral(), QUEUE_MAX_ATTEMPTS: "1" } });
    staff = await test.sessionOf(STAFF_EMAIL);
    colleague = await test.sessionOf(ADMIN_EMAIL);
  }, 180_000);
  afterAll(() => test?.close());

  it("does not serve a member saved, claimed, called back, capped or out of its calling window since it entered the hopper", async () => {
    // The due callbacks come first (the demo data has some): pressed until the queue's turn fills the hopper.
    for (let press = 0; (await call("POST", "/queue/next", staff)).json().why.group !== "queue"; press += 1) expect(press).toBeLessThan(50);
    const picked = await sql<{ member_id: number }>`select member_id from queue_hopper where key = ${hopperKeyOf({})} order by place limit 13`.execute(test.database.db);
    const [saved, claimed, calledBack, capped, outOfWindow, blocked, withCallback, waiting, ...behind] = picked.rows.map((row) => row.member_id);
    expect(behind).toHaveLength(5);

    expect((await save(saved!, "Appointment Made")).statusCode).toBe(201);
    expect((await call("POST", "/Members/claims", colleague, { memberId: claimed })).statusCode).toBe(200);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await call("POST", "/callbacks", colleague, { memberId: calledBack, dueAt: tomorrow })).statusCode).toBe(201);
    expect((await save(capped!, "No answer")).statusCode).toBe(201);
    // The take claims a member by its kept state alone: each field that holds a member back holds it there.
    const state = (memberId: number, fields: ReturnType<typeof sql>) => sql`update queue_state set ${fields} where member_id = ${memberId}`.execute(test.database.db);
    await state(blocked!, sql`blocked = 'doNotCall'`);
    await state(withCallback!, sql`callback_due_at = ${tomorrow}::timestamptz, callback_owner = (select id from users where email = ${ADMIN_EMAIL})`);
    await state(waiting!, sql`cooldown_ends_at = ${tomorrow}::timestamptz, ready_at = ${tomorrow}::timestamptz`);
    // An import moves the member to Hawaii, whose calling window is closed now.
    await test.database.db.updateTable("members").set({ state: "HI" }).where("id", "=", outOfWindow!).execute();

    const served: { id: number; group: string }[] = [];
    for (let press = 0; press < 5; press += 1) {
      const answer = await call("POST", "/queue/next", staff);
      expect(answer.statusCode).toBe(200);
      served.push({ id: answer.json().member.id, group: answer.json().why.group });
    }
    const ids = served.map((member) => member.id);
    for (const held of [saved, claimed, calledBack, capped, outOfWindow, blocked, withCallback, waiting]) expect(ids).not.toContain(held);
    const fromQueue = served.filter((member) => member.group === "queue").map((member) => member.id);
    expect(fromQueue).toEqual(behind.slice(0, fromQueue.length));
  }, 60_000);
});
