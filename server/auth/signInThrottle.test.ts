// @vitest-environment node
// Password sign-in throttled per account in the database (domain/signInThrottle.ts): the failures,
// the wait and its back-off, the audit trail, and a second instance on the same database refusing
// the same account. On PGlite, and on PostgreSQL 15 with DATABASE_URL_TEST.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { FREE_FAILURES } from "../../domain/signInThrottle.ts";
import { claimAttempt } from "./signInFailures.repository.ts";
import { ENGINES, openEveryConnection, startTestApp, STAFF_EMAIL, type App, type TestApp } from "../../tests/support/testApp.ts";

// Each sign-in hashes a password (scrypt): several in a row take seconds on a busy two-core machine.
vi.setConfig({ testTimeout: 30_000 });

describe.each(ENGINES)("per-account sign-in throttle on %s", (engine) => {
  let test: TestApp;
  let other: App;
  let now = new Date("2026-11-16T12:00:00.000Z");
  const clock = () => now;
  const later = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));

  beforeAll(async () => {
    test = await startTestApp({ engine, now: clock });
    other = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), database: test.database, now: clock });
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await test?.close();
  });

  const login = (app: App, email: string, password: string) =>
    app.inject({ method: "POST", url: "/api/sessions/login?jwt=1", payload: { email, password } });
  const failuresRow = () => test.database.db.selectFrom("sign_in_failures").selectAll().where("account", "=", STAFF_EMAIL).executeTakeFirst();
  const trail = async () =>
    (await test.database.db.selectFrom("audit_log").select(["action", "user_id"]).where("action", "like", "signInWithPassword.%").orderBy("id").execute()).map(
      (row) => row.action,
    );

  it("counts failures in the database, audits each, and makes the account wait 30 s after the fifth", async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await login(test.app, STAFF_EMAIL, "wrong")).statusCode).toBe(401);
    const row = await failuresRow();
    expect(row?.failures).toBe(5);
    expect(new Date(row!.locked_until!).toISOString()).toBe("2026-11-16T12:00:30.000Z");
    expect(await trail()).toEqual(Array(5).fill("signInWithPassword.failed"));
  });

  it("refuses the right password on every instance while the account waits, with Retry-After", async () => {
    later(10);
    const here = await login(test.app, STAFF_EMAIL, "recall-desk-demo");
    expect(here.statusCode).toBe(429);
    expect(here.headers["retry-after"]).toBe("20");
    expect(here.json()).toEqual({ message: "Too many failed sign-ins for this account: try again in 20 s.", statusCode: 429 });
    expect((await login(other, STAFF_EMAIL.toUpperCase(), "recall-desk-demo")).statusCode).toBe(429);
    expect((await trail()).slice(-2)).toEqual(["signInWithPassword.throttled", "signInWithPassword.throttled"]);
    expect((await failuresRow())?.failures).toBe(5);
  });

  it("waits twice as long after a further failure", async () => {
    later(20);
    expect((await login(other, STAFF_EMAIL, "still wrong")).statusCode).toBe(401);
    expect(new Date((await failuresRow())!.locked_until!).toISOString()).toBe("2026-11-16T12:01:30.000Z");
    later(59);
    expect((await login(test.app, STAFF_EMAIL, "recall-desk-demo")).headers["retry-after"]).toBe("1");
  });

  it("signs in with the right password once the wait is over, and forgets the failures", async () => {
    later(1);
    expect((await login(test.app, STAFF_EMAIL, "recall-desk-demo")).statusCode).toBe(200);
    expect(await failuresRow()).toBeUndefined();
  });

  it("audits a failure for an e-mail no account has without a user", async () => {
    expect((await login(test.app, "nobody@recalldesk.example", "x")).statusCode).toBe(401);
    const last = await test.database.db.selectFrom("audit_log").select(["action", "user_id"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(last).toEqual({ action: "signInWithPassword.failed", user_id: null });
  });

  it("counts attempts sent at once for an account with no failures yet one at a time: the sixth waits", async () => {
    for (const account of ["first.new@recalldesk.example", "second.new@recalldesk.example", "third.new@recalldesk.example"]) {
      await openEveryConnection(test.database);
      const attempts = await Promise.all(Array.from({ length: 30 }, () => claimAttempt(test.database.db, account, clock())));
      expect(attempts.filter((attempt) => !attempt.locked)).toHaveLength(FREE_FAILURES);
      const row = await test.database.db.selectFrom("sign_in_failures").selectAll().where("account", "=", account).executeTakeFirstOrThrow();
      expect(row.failures).toBe(FREE_FAILURES);
    }
  });
});
