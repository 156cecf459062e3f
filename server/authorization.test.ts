// @vitest-environment node
// The authorization matrix: every operation of openapi.yaml × no session, a staff session and an
// administrator session, against the checked-in table of tests/support/authorization.ts.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { findStaffByEmail } from "./auth/sessions.repository.ts";
import { ADMIN_EMAIL, bearer, STAFF_EMAIL, startTestApp, type TestApp } from "../tests/support/testApp.ts";
import { AUTHORIZATION, type Access } from "../tests/support/authorization.ts";
import { CONTRACT_PATH } from "./contract.ts";
import { ADMIN_ONLY, SESSION_EXPIRED } from "../contract/errors.ts";

interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  security?: Record<string, string[]>[];
  adminOnly: boolean;
  jsonBody: boolean;
  /** Path parameters that name the caller's own user (a call may refuse other users' data with 403). */
  ownUserParams: string[];
}

const OWN_USER_PARAMETERS = new Set(["#/components/parameters/UserIdPath", "#/components/parameters/UserIdInPathAsId"]);

/** Read straight from the file (not through server/contract.ts, which the app itself uses). */
function contractOperations(): { globalSecurity: unknown; operations: ContractOperation[] } {
  const document = parse(readFileSync(CONTRACT_PATH, "utf8")) as {
    security: unknown;
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ["get", "put", "post", "delete", "patch"].includes(method))
      .map(([method, operation]) => ({
        operationId: operation.operationId as string,
        method: method.toUpperCase(),
        path,
        security: operation.security as ContractOperation["security"],
        adminOnly: operation["x-admin-only"] === true,
        jsonBody: Boolean((operation.requestBody as { content?: Record<string, unknown> } | undefined)?.content?.["application/json"]),
        ownUserParams: ((operation.parameters ?? []) as { $ref?: string }[])
          .filter((parameter) => parameter.$ref && OWN_USER_PARAMETERS.has(parameter.$ref))
          .map((parameter) => (parameter.$ref === "#/components/parameters/UserIdPath" ? "userId" : "id")),
      })),
  );
  return { globalSecurity: document.security, operations };
}

const { globalSecurity, operations } = contractOperations();

/** What the contract says of an operation, by its own words. */
function accessInContract(operation: ContractOperation): Access {
  const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
  if (operation.security && !isPublic) expect(operation.security, operation.operationId).toEqual([{ bearerAuth: [] }]);
  if (isPublic) {
    expect(operation.adminOnly, `${operation.operationId} is public and administrator-only`).toBe(false);
    return "public";
  }
  return operation.adminOnly ? "admin" : "staff";
}

describe("the checked-in table and openapi.yaml", () => {
  it("secures every call by default with the bearer token", () => {
    expect(globalSecurity).toEqual([{ bearerAuth: [] }]);
  });

  it("has one row per operation and no row without one", () => {
    const inContract = operations.map((operation) => operation.operationId).sort();
    expect(new Set(inContract).size).toBe(inContract.length);
    expect(Object.keys(AUTHORIZATION).sort()).toEqual(inContract);
  });

  it("agrees with security and x-admin-only of every operation", () => {
    const fromContract = Object.fromEntries(operations.map((operation) => [operation.operationId, accessInContract(operation)]));
    expect(AUTHORIZATION).toEqual(fromContract);
  });
});

describe("every operation over HTTP", () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp();
  }, 120_000);
  afterAll(() => server?.close());

  /**
   * Any value serves: sessions are checked before validation, and no record has this id; but a
   * parameter naming the caller's own user is the caller's id.
   */
  const call = async (operation: ContractOperation, email?: string) => {
    const user = email ? await findStaffByEmail(server.database.db, email) : undefined;
    const value = (name: string) => (user && operation.ownUserParams.includes(name) ? String(user.id) : "999999");
    return server.app.inject({
      method: operation.method as "GET",
      url: `/api${operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => value(name))}`,
      headers: email ? bearer(await server.sessionOf(email)) : {},
      ...(operation.jsonBody ? { payload: {} } : {}),
    });
  };

  /** Refused by the session check: the contract's 401 body, or the administrators-only 403. */
  const sessionRefusal = (answer: { statusCode: number; json: () => unknown }) =>
    answer.statusCode === 401 && (answer.json() as { message?: string }).message === SESSION_EXPIRED ? 401 : answer.statusCode === 403 ? 403 : undefined;

  it.each(operations.map((operation) => [operation.operationId, operation] as const))("%s", async (operationId, operation) => {
    const access = AUTHORIZATION[operationId];
    const anonymous = await call(operation);
    const staff = await call(operation, STAFF_EMAIL);
    const admin = await call(operation, ADMIN_EMAIL);

    if (access === "public") {
      // Public calls may refuse a bad credential with 401 of their own, never for want of a session.
      for (const answer of [anonymous, staff, admin]) expect(sessionRefusal(answer), `${answer.statusCode} ${answer.body}`).toBeUndefined();
      return;
    }
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: SESSION_EXPIRED, statusCode: 401 });
    if (access === "admin") {
      expect(staff.statusCode).toBe(403);
      expect(staff.json()).toEqual({ message: ADMIN_ONLY, statusCode: 403 });
    } else {
      expect([401, 403], staff.body).not.toContain(staff.statusCode);
    }
    expect([401, 403], admin.body).not.toContain(admin.statusCode);
  });
});
