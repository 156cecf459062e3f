// @vitest-environment node
// The fuzz suite: for every operation of openapi.yaml, requests generated from its schemas and
// mutated (tests/fuzz/requests.ts), sent by fast-check with the sessions of an administrator, of
// staff, an unknown token and none, to the server on each engine. It fails on any 5xx, on any
// answer outside the contract (an undeclared status, a body its schema refuses, an error that is
// not the contract's error body), and on any table a refused call wrote that a refusal may not
// write. fast-check prints the seed and the shrunk request of a failure; FUZZ_SEED replays it.
// Before them, on a database no random request has touched yet, four stages of their own: every
// integer parameter sent each special number (400 naming it, nothing written), every integer,
// number and boolean field of a body sent as text or another JSON type (tests/fuzz/bodyTypes.ts:
// 400 naming it, nothing written), notes of every
// character that breaks CSV cells read back from the export by papaparse (tests/fuzz/csvCells.ts),
// and every limited operation sent more requests at once than it allows (tests/fuzz/limits.ts).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operations } from "../../mocks/openapi/document";
import { validateResponse } from "../../mocks/openapi/validate";
import { ADMIN_EMAIL, ENGINES, STAFF_EMAIL, startTestApp, type TestApp } from "../support/testApp.ts";
import { takeChanges, trackChanges } from "./changes.ts";
import { exportReadsBack, noteArbitrary } from "./csvCells.ts";
import { LIMIT_CASES } from "./limits.ts";
import { typedBodyFields, withValueAt } from "./bodyTypes.ts";
import { buildRequest, choiceArbitrary, integerParameters, SPECIAL_NUMBERS, specialNumberChoice, VALID_CHOICE } from "./requests.ts";

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
  let address: string | undefined;
  /** The app on a port of its own, for the event streams of the concurrency stage. */
  const listening = async () => (address ??= await test.app.listen({ port: 0, host: "127.0.0.1" }));

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

  const withIntegers = operations.filter((operation) => integerParameters(operation).length > 0);
  it.each(withIntegers.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation] as const))(
    "special numbers in every integer parameter of %s: 400 naming it, nothing written",
    async (_, operation) => {
      for (const [index, parameter] of integerParameters(operation).entries()) {
        for (const value of SPECIAL_NUMBERS.keys()) {
          const request = buildRequest(operation, specialNumberChoice(index, value), tokens.admin);
          const answer = await test.app.inject({ method: request.method as "GET", url: request.url, headers: request.headers, payload: request.payload });
          const what = `${request.method} ${request.url.slice(0, 200)} answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`;
          expect(answer.statusCode, what).toBe(400);
          expect((answer.json().details as { field: string }[]).map((detail) => detail.field), what).toContain(parameter.name);
          expect((await takeChanges(test.database.db)).filter((table) => !REFUSAL_MAY_WRITE.has(table)), `${what} wrote`).toEqual([]);
        }
      }
    },
  );

  const withTypedBody = operations.filter((operation) => typedBodyFields(operation).length > 0);
  it.each(withTypedBody.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation] as const))(
    "numbers and booleans as another JSON type in every body field of %s: 400 naming it, nothing written",
    async (_, operation) => {
      const valid = buildRequest(operation, VALID_CHOICE, tokens.admin);
      for (const { field, path, wrong } of typedBodyFields(operation)) {
        for (const value of wrong) {
          const payload = JSON.stringify(withValueAt(JSON.parse(valid.payload!), path, value));
          const answer = await test.app.inject({ method: valid.method as "POST", url: valid.url, headers: valid.headers, payload });
          const what = `${valid.method} ${valid.url.slice(0, 200)} with ${field} ${JSON.stringify(value)} answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`;
          expect(answer.statusCode, what).toBe(400);
          expect((answer.json().details as { field: string }[]).map((detail) => detail.field), what).toContain(field);
          expect((await takeChanges(test.database.db)).filter((table) => !REFUSAL_MAY_WRITE.has(table)), `${what} wrote`).toEqual([]);
        }
      }
    },
  );

  it("reads every CSV cell of the members export back as written, none a formula", async () => {
    await fc.assert(fc.asyncProperty(fc.array(noteArbitrary, { minLength: 5, maxLength: 10 }), (notes) => exportReadsBack(test, tokens.staff!, notes)), {
      numRuns: 4,
      ...(seed !== undefined ? { seed } : {}),
    });
    await takeChanges(test.database.db);
  });

  it.each(LIMIT_CASES.map((limit, index) => [limit.name, limit, index] as const))("requests sent at once: %s holds exactly", async (_, limit, index) => {
    // A member of staff of its own for each limit (they count per user), never the fuzz's two.
    const { id, email } = await test.database.db.selectFrom("users").select(["id", "email"]).where("is_admin", "=", false).orderBy("id", "desc").offset(index).limit(1).executeTakeFirstOrThrow();
    const baseUrl = await listening();
    const outcome = await limit.run(test, baseUrl, { id, email, token: await test.sessionOf(email) });
    expect(outcome).toEqual({ passed: limit.allowed, refused: limit.sent - limit.allowed, ...("written" in outcome ? { written: limit.allowed } : {}) });
    await takeChanges(test.database.db);
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
