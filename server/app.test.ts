// @vitest-environment node
// The app around the handlers: the order of the contract's checks, the error body, saves of one
// member at the same time, and the database closed with the app.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { issueDevIdToken } from "../domain/signInTokens.ts";
import { loadConfig } from "./config.ts";
import type { DatabaseHandle } from "./db/connection.ts";
import { LOCK_FILE } from "./db/lock.ts";
import { seededPGlite } from "../tests/support/testDatabase.ts";

// memory:// keeps files (demo audio, mail) out of the project's ./data too.
const config = loadConfig({ DATA_DIR: "memory://" });
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;

async function signIn(email: string): Promise<string> {
  const credential = await issueDevIdToken(email);
  const answer = await app.inject({ method: "POST", url: "/api/sessions?jwt=1", payload: { credential } });
  expect(answer.statusCode).toBe(200);
  return answer.json().accessToken as string;
}

beforeAll(async () => {
  database = await seededPGlite();
  app = await buildApp({ config, database });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("the contract's checks", () => {
  it("answers 401 before validating, 400 naming the fields after, and 404 as JSON", async () => {
    const noSession = await app.inject({ method: "GET", url: "/api/Members/getMembersTableData?pageSize=7" });
    expect(noSession.statusCode).toBe(401);
    expect(noSession.json()).toEqual({ message: "Session Expired", statusCode: 401 });

    const token = await signIn("marcus.reed@recalldesk.example");
    const invalid = await app.inject({
      method: "GET",
      url: "/api/Members/getMembersTableData?pageSize=7&company=aetna",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(["pageSize", "company"]));

    const unknown = await app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().statusCode).toBe(404);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const answer = await app.inject({
      method: "POST",
      url: "/api/auth/dev/token",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details).toEqual([{ field: "body", message: "must be valid JSON" }]);
  });
});

describe("two agents saving the same member at once", () => {
  it("keeps both saves in the history; the member shows one of them", async () => {
    const [marcus, priya] = await Promise.all([signIn("marcus.reed@recalldesk.example"), signIn("priya.natarajan@recalldesk.example")]);
    const page = await app.inject({ method: "GET", url: "/api/Members/getMembersTableData", headers: { authorization: `Bearer ${marcus}` } });
    const member = page.json().members[0];
    const key = { sid: member.Subscriber_ID, practice: member.practiceId, patnum: member.PatNum, addLocation: "callCenter" };
    const save = (token: string, Result: string) =>
      app.inject({ method: "POST", url: "/api/Members/saveResult", headers: { authorization: `Bearer ${token}` }, payload: { ...key, Result } });
    const saves = await Promise.all([save(marcus, "Left message"), save(priya, "Appointment Made"), save(marcus, "No answer")]);
    expect(saves.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);

    const params = encodeURIComponent(JSON.stringify({ sid: key.sid, practice: key.practice, patnum: key.patnum }));
    const history = (await app.inject({ method: "GET", url: `/api/Members/getResults/${params}`, headers: { authorization: `Bearer ${marcus}` } })).json();
    const savedIds = saves.map((answer) => answer.json().id);
    expect(history.map((entry: { id: number }) => entry.id)).toEqual(expect.arrayContaining(savedIds));
    const current = await database.db.selectFrom("member_work").select("result").where("member_id", "=", member.id).executeTakeFirstOrThrow();
    expect(current.result).toBe(history[0].Result);
  });
});

describe("closing the app", () => {
  it("closes the PGlite database it opened and releases its data folder", { timeout: 120_000 }, async () => {
    const folder = mkdtempSync(join(tmpdir(), "recall-desk-app-"));
    try {
      const own = await buildApp({ config: { ...config, dataDir: folder } });
      expect(existsSync(join(folder, LOCK_FILE))).toBe(true);
      const { pglite } = own.database;
      await own.close();
      expect(pglite?.closed).toBe(true);
      expect(existsSync(join(folder, LOCK_FILE))).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
