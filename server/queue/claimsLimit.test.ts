// @vitest-environment node
// The claims' limit is the server's setting (CLAIMS_PER_MINUTE), Next counted with the claims: the
// conformance suite proves the default, this a value set in the environment.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, STAFF_EMAIL, startTestApp, type TestApp } from "../../tests/support/testApp.ts";

describe.each(ENGINES)("CLAIMS_PER_MINUTE on %s", (engine) => {
  let test: TestApp;
  let staff: string;
  const post = (url: string, payload?: object) =>
    test.app.inject({ method: "POST", url: `/api${url}`, headers: { authorization: `Bearer ${staff}` }, ...(payload === undefined ? {} : { payload }) });

  beforeAll(async () => {
    test = await startTestApp({ engine, env: { DEMO_CLOCK_START: "2026-11-16T15:00:00.000Z", CLAIMS_PER_MINUTE: "3" } });
    staff = await test.sessionOf(STAFF_EMAIL);
  }, 180_000);
  afterAll(() => test?.close());

  it("allows 3 claims and Next together a minute, then answers 429 to both; a Next of a session that ended counts none", async () => {
    const ended = await test.sessionOf(STAFF_EMAIL);
    const headers = { authorization: `Bearer ${ended}` };
    expect((await test.app.inject({ method: "DELETE", url: "/api/sessions", headers })).statusCode).toBe(204);
    for (let call = 0; call < 3; call += 1) expect((await test.app.inject({ method: "POST", url: "/api/queue/next", headers })).statusCode).toBe(401);
    const first = await post("/queue/next");
    expect(first.statusCode).toBe(200);
    const memberId = first.json().member.id as number;
    expect((await post("/Members/claims", { memberId })).statusCode).toBe(200);
    expect((await post("/queue/next")).statusCode).toBe(200);
    const next = await post("/queue/next");
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect((await post("/Members/claims", { memberId })).statusCode).toBe(429);
  });
});
