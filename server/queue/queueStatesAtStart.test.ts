// @vitest-environment node
// A start after the queue's rules changed: with few members to work out, their places follow the
// new rules before the first call is served; with more than a start waits for, the server serves at
// once and works them out behind it (a stale member is never served meanwhile), and a close stops
// that work.
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_SIZE } from "../../tests/support/testDatabase.ts";
import { ENGINES, STAFF_EMAIL, startTestApp, type TestApp } from "../../tests/support/testApp.ts";

// Not the rules the seeded database's places were worked out with: every member is to be worked out again.
const CHANGED_RULES = { QUEUE_CALLING_HOURS: "00:00-24:00", QUEUE_MAX_ATTEMPTS: "7" };

describe.each(ENGINES)("a start after the queue's rules changed, on %s", (engine) => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  const stale = async (app: TestApp) => {
    const { rows } = await sql<{ n: string }>`select count(*) as n from queue_state where stale`.execute(app.database.db);
    return Number(rows[0]!.n);
  };

  it("works every member out before it serves when a start waits for as many", async () => {
    test = await startTestApp({ engine, env: CHANGED_RULES });
    expect(test.app.queueStatesBehind).toBeUndefined();
    expect(await stale(test)).toBe(0);
  }, 120_000);

  it("with more to work out than a start waits for, serves at once and works them out behind it", async () => {
    test = await startTestApp({ engine, env: CHANGED_RULES, queueStatesAwaitedUpTo: 100 });
    // Built and not yet serving: nothing is worked out until the server is ready.
    expect(await stale(test)).toBe(DEMO_SIZE);
    const staff = await test.sessionOf(STAFF_EMAIL);
    const list = await test.app.inject({ method: "GET", url: "/api/Members/getMembersTableData?pageNum=1", headers: { authorization: `Bearer ${staff}` } });
    expect(list.statusCode).toBe(200);

    expect(await test.app.queueStatesBehind).toBe(DEMO_SIZE);
    expect(await stale(test)).toBe(0);
    const next = await test.app.inject({ method: "POST", url: "/api/queue/next", headers: { authorization: `Bearer ${staff}` } });
    expect(next.statusCode).toBe(200);
    expect(next.json()).toMatchObject({ member: { id: expect.any(Number) } });
  }, 120_000);

  it("a close while it works them out stops the work and ends", async () => {
    test = await startTestApp({ engine, env: CHANGED_RULES, queueStatesAwaitedUpTo: 100 });
    const behind = test.app.queueStatesBehind;
    await test.app.ready();
    await test.app.close();
    expect(await behind).toBeLessThanOrEqual(DEMO_SIZE);
  }, 120_000);
});
