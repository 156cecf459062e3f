// @vitest-environment node
// JSON bodies read as the fake backend reads them: the app's client labels a body-less DELETE as JSON.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { issueDevIdToken } from "../../domain/signInTokens.ts";
import { loadConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import { seededPGlite } from "../../tests/support/testDatabase.ts";

const JSON_TYPE = { "content-type": "application/json" };
let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await seededPGlite();
  app = await buildApp({ config: loadConfig({}), database });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("JSON bodies", () => {
  it("take an empty body labelled JSON as no body: DELETE /sessions signs out", async () => {
    const credential = await issueDevIdToken("marcus.reed@recalldesk.example");
    const token = (await app.inject({ method: "POST", url: "/api/sessions?jwt=1", payload: { credential } })).json().accessToken;
    const authorization = `Bearer ${token}`;

    const signOut = await app.inject({ method: "DELETE", url: "/api/sessions", headers: { ...JSON_TYPE, authorization }, payload: "" });
    expect(signOut.statusCode).toBe(204);
    expect((await app.inject({ method: "GET", url: "/api/sessions", headers: { authorization } })).statusCode).toBe(401);
  });

  it("leave a call that needs a body to the contract's validation, and refuse text that is not JSON", async () => {
    const empty = await app.inject({ method: "POST", url: "/api/auth/dev/token", headers: JSON_TYPE, payload: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Invalid request: body");

    const broken = await app.inject({ method: "POST", url: "/api/auth/dev/token", headers: JSON_TYPE, payload: "{not json" });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().details).toEqual([{ field: "body", message: "must be valid JSON" }]);
  });
});
