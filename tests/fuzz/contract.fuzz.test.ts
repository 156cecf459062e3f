// @vitest-environment node
// The fuzz suite: for every operation of openapi.yaml, requests generated from its schemas and
// mutated (tests/fuzz/requests.ts), sent by fast-check with the sessions of an administrator, of
// staff, an unknown token and none, to the server on each engine. It fails on any 5xx, on any
// answer outside the contract (an undeclared status, a body its schema refuses, an error that is
// not the contract's error body), and on any table a refused call wrote that a refusal may not
// write. fast-check prints the seed and the shrunk request of a failure; FUZZ_SEED replays it.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operations } from "../../mocks/openapi/document";
import { validateResponse } from "../../mocks/openapi/validate";
import { ADMIN_EMAIL, ENGINES, STAFF_EMAIL, startTestApp, type TestApp } from "../support/testApp.ts";
import { takeChanges, trackChanges } from "./changes.ts";
import { buildRequest, choiceArbitrary } from "./requests.ts";

/** At least 5,000 requests per engine, spread evenly over the operations. */
const RUNS_PER_OPERATION = Math.ceil(5_000 / operations.length);
type Role = "admin" | "staff" | "unknown" | "none";
// Two in three requests carry a valid session, so most reach past authentication.
const ROLE = fc.constantFrom<Role>("admin", "admin", "staff", "staff", "unknown", "none");
/**
 * What a refused call may still write: the session's idle clock, the trail and count of failed
 * sign-ins, and the count of sign-in calls per address (the rate limit counts every call).
 */
const REFUSAL_MAY_WRITE = new Set(["sessions", "audit_log", "sign_in_failures", "rate_limit_hits"]);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

describe.each(ENGINES)("every operation fuzzed on %s", (engine) => {
  let test: TestApp;
  const tokens: Record<Role, string | undefined> = { admin: undefined, staff: undefined, unknown: "not-a-session", none: undefined };
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    // Many sign-in calls come from one address here: the per-address limit would answer most of them.
    test = await startTestApp({ engine, env: { SIGN_IN_RATE_LIMIT: "1000000" } });
    await trackChanges(test.database.db);
    tokens.admin = await test.sessionOf(ADMIN_EMAIL);
    tokens.staff = await test.sessionOf(STAFF_EMAIL);
    await takeChanges(test.database.db);
  }, 180_000);
  afterAll(async () => {
    await test?.close();
    const sent = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status} × ${count}`).join(", ");
    console.log(`fuzz on ${engine}: ${sent} requests over ${operations.length} operations (${byStatus})`);
    expect(sent).toBeGreaterThanOrEqual(5_000);
  });

  it.each(operations.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation] as const))("%s", async (_, operation) => {
    const property = fc.asyncProperty(ROLE, choiceArbitrary, async (role, choice) => {
      const request = buildRequest(operation, choice, tokens[role]);
      const answer = await test.app.inject({ method: request.method as "GET", url: request.url, headers: request.headers, payload: request.payload });
      statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
      const written = await takeChanges(test.database.db);
      const what = `${request.method} ${request.url.slice(0, 300)} (${role}, ${choice.mutation}) answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`;
      expect(answer.statusCode, what).toBeLessThan(500);
      const isJson = (answer.headers["content-type"] ?? "").toString().includes("json");
      if (answer.statusCode >= 400) expect(isJson, `${what}: an error must be the contract's JSON body`).toBe(true);
      const body = isJson ? answer.json() : undefined;
      expect(validateResponse(operation, answer.statusCode, body), what).toEqual([]);
      if (answer.statusCode >= 400) expect(written.filter((table) => !REFUSAL_MAY_WRITE.has(table)), `${what} wrote`).toEqual([]);
      // A session the fuzz signed out is replaced, so later requests still reach past authentication.
      if (operation.operationId === "signOut" && answer.statusCode === 204 && (role === "admin" || role === "staff")) {
        tokens[role] = await test.sessionOf(role === "admin" ? ADMIN_EMAIL : STAFF_EMAIL);
        await takeChanges(test.database.db);
      }
    });
    await fc.assert(property, { numRuns: RUNS_PER_OPERATION, ...(seed !== undefined ? { seed } : {}) });
  });
});
