// @vitest-environment node
// Session rules over HTTP on a clock the test moves: the idle timeout (30 minutes by default,
// SESSION_IDLE_MINUTES), the absolute 7 days however busy, sign-out, and disabling a user
// (`npm run user -- disable <email>`), each answered 401 `Session Expired`.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { ACCESS_ENDED, SESSION_EXPIRED, UNKNOWN_STAFF } from "../../contract/errors.ts";
import { bearer, ENGINES, STAFF_EMAIL, startTestApp, type App, type TestApp } from "../../tests/support/testApp.ts";
import { issueDevIdToken } from "../../domain/signInTokens.ts";
import { settingOf } from "../queue/setting.ts";
import { runUserCommand, USAGE } from "./userCommand.ts";

const START = new Date("2026-11-16T15:00:00Z").getTime();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The clock of the app under test: minutes after START. */
let clock = START;
const at = (ms: number) => (clock = START + ms);

let server: TestApp;

async function signIn(app: App, email = STAFF_EMAIL) {
  const answer = await app.inject({ method: "POST", url: "/api/sessions?jwt=1", payload: { credential: await issueDevIdToken(email) } });
  return { status: answer.statusCode, body: answer.json() };
}

const getSession = (app: App, token: string) => app.inject({ method: "GET", url: "/api/sessions", headers: bearer(token) });

async function expectExpired(app: App, token: string) {
  const answer = await getSession(app, token);
  expect(answer.statusCode).toBe(401);
  expect(answer.json()).toEqual({ message: SESSION_EXPIRED, statusCode: 401 });
}

describe.each(ENGINES)("sessions on %s", (engine) => {
  beforeAll(async () => {
    server = await startTestApp({ engine, now: () => new Date(clock) });
  }, 180_000);
  afterAll(() => server?.close());

  describe("idle timeout", () => {
    it("keeps a session used within 30 minutes, and ends it after 30 idle minutes", async () => {
      at(0);
      const { body } = await signIn(server.app);
      at(30 * MINUTE - 1000);
      expect((await getSession(server.app, body.accessToken)).statusCode).toBe(200);
      // Each call restarts the idle clock: 59 minutes after sign-in, 29 after the last call.
      at(59 * MINUTE);
      expect((await getSession(server.app, body.accessToken)).statusCode).toBe(200);
      at(89 * MINUTE + 1000);
      await expectExpired(server.app, body.accessToken);
      // An ended session stays ended when used again.
      at(89 * MINUTE + 2000);
      await expectExpired(server.app, body.accessToken);
    });

    it("is configurable with SESSION_IDLE_MINUTES", { timeout: 60_000 }, async () => {
      const app = await buildApp({ config: loadConfig({ SESSION_IDLE_MINUTES: "5" }), database: server.database, now: () => new Date(clock) });
      try {
        at(0);
        const { body } = await signIn(app);
        at(4 * MINUTE);
        expect((await getSession(app, body.accessToken)).statusCode).toBe(200);
        at(9 * MINUTE + 1000);
        await expectExpired(app, body.accessToken);
      } finally {
        await app.close();
      }
    });
  });

  describe("absolute lifetime", () => {
    it("ends a session 7 days after sign-in however busy, and says so in expiresAt", async () => {
      at(0);
      const { body } = await signIn(server.app);
      expect(body.expiresAt).toBe(new Date(START + 7 * DAY).toISOString());
      // A call every 29 minutes for 7 days: never idle, yet over at the end.
      for (let elapsed = 29 * MINUTE; elapsed < 7 * DAY; elapsed += 29 * MINUTE) {
        at(elapsed);
        const answer = await getSession(server.app, body.accessToken);
        if (answer.statusCode !== 200) throw new Error(`ended after ${elapsed / MINUTE} minutes: ${answer.statusCode}`);
      }
      at(7 * DAY);
      await expectExpired(server.app, body.accessToken);
    }, 120_000);
  });

  describe("sign-out", () => {
    it("revokes the session it is called with, and only that one", async () => {
      at(0);
      const first = (await signIn(server.app)).body.accessToken;
      const second = (await signIn(server.app)).body.accessToken;
      const out = await server.app.inject({ method: "DELETE", url: "/api/sessions", headers: bearer(first) });
      expect(out.statusCode).toBe(204);
      await expectExpired(server.app, first);
      expect((await getSession(server.app, second)).statusCode).toBe(200);
    });
  });

  describe("disabling a user (npm run user -- disable <email>)", () => {
    const email = "priya.natarajan@recalldesk.example";

    it("ends every session of the user at once and refuses new sign-ins, until enabled again", async () => {
      at(0);
      const sessions = [(await signIn(server.app, email)).body.accessToken, (await signIn(server.app, email)).body.accessToken];
      const bystander = (await signIn(server.app)).body.accessToken;
      at(MINUTE);
      expect(await runUserCommand(server.database.db, ["disable", email.toUpperCase()], settingOf(server.app.services), new Date(clock))).toMatch(/^Disabled priya/);
      for (const token of sessions) expect((await getSession(server.app, token)).json()).toEqual({ message: ACCESS_ENDED, statusCode: 401 });
      expect((await getSession(server.app, bystander)).statusCode).toBe(200);
      const refused = await signIn(server.app, email);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(UNKNOWN_STAFF);
      const password = await server.app.inject({ method: "POST", url: "/api/sessions/login?jwt=1", payload: { email, password: "recall-desk-demo" } });
      expect(password.statusCode).toBe(401);

      expect(await runUserCommand(server.database.db, ["enable", email], settingOf(server.app.services))).toMatch(/^Enabled priya/);
      expect((await signIn(server.app, email)).status).toBe(200);
      // Enabling lets the user sign in again; the sessions that were ended stay ended.
      for (const token of sessions) await expectExpired(server.app, token);
    });

    it("answers its usage for anything else, and names an unknown e-mail", async () => {
      await expect(runUserCommand(server.database.db, [], settingOf(server.app.services))).rejects.toThrow(USAGE);
      await expect(runUserCommand(server.database.db, ["delete", email], settingOf(server.app.services))).rejects.toThrow(USAGE);
      await expect(runUserCommand(server.database.db, ["disable", email, "extra"], settingOf(server.app.services))).rejects.toThrow(USAGE);
      await expect(runUserCommand(server.database.db, ["disable", "nobody@recalldesk.example"], settingOf(server.app.services))).rejects.toThrow(/no user with the e-mail nobody@/);
    });
  });
});
