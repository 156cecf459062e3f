// @vitest-environment node
// The answers' headers (CSP, nosniff, referrer, no-store on the API) and the sign-in rate limit.
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import { DEMO_PASSWORD } from "../../demo/staff.ts";
import { seededPGlite } from "../../tests/support/testDatabase.ts";

const STAFF_EMAIL = "marcus.reed@recalldesk.example";
const PROVIDER = {
  OIDC_ISSUER: "https://accounts.example",
  OIDC_CLIENT_ID: "recall",
  OIDC_CLIENT_SECRET: "s",
  OIDC_JWKS_URL: "https://accounts.example/keys",
  OIDC_REDIRECT_URL: "https://recall.example/",
  HANDOFF_SECRET: "a portal secret of more than thirty-two bytes",
};
let database: DatabaseHandle;
/** The default configuration, and one allowing 2 sign-in calls a minute (each test signs in from its own address). */
let app: FastifyInstance;
let limited: FastifyInstance;

beforeAll(async () => {
  database = await seededPGlite();
  app = await buildApp({ config: loadConfig({}), database });
  app.get("/api/files/help/guide.pdf", async (_request, reply) => reply.type("application/pdf").send("%PDF-1.4"));
  limited = await buildApp({ config: loadConfig({ SIGN_IN_RATE_LIMIT: "2" }), database });
}, 120_000);
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await app?.close();
  await limited?.close();
  await database?.close();
});

describe("security headers", () => {
  it("send the app's Content-Security-Policy, nosniff, no referrer and no framing", async () => {
    const answer = await app.inject({ method: "GET", url: "/api/health" });
    expect(answer.statusCode).toBe(200);
    const policy = Object.fromEntries(
      String(answer.headers["content-security-policy"])
        .split(";")
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(" ")]),
    );
    expect(policy).toMatchObject({
      "default-src": "'self'",
      "script-src": "'self'",
      "connect-src": "'self'",
      "style-src": "'self' 'unsafe-inline'",
      "media-src": "'self'",
      "frame-src": "'self'",
      "object-src": "'none'",
      "frame-ancestors": "'none'",
    });
    expect(policy).not.toHaveProperty("upgrade-insecure-requests");
    expect(answer.headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "x-frame-options": "DENY",
    });
  });

  it("forbid caching of every API answer, refusals and unknown calls included", async () => {
    const answers = await Promise.all([
      app.inject({ method: "GET", url: "/api/health" }),
      app.inject({ method: "GET", url: "/api/Members/getMembersTableData" }),
      app.inject({ method: "GET", url: "/api/no-such-call" }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404]);
    for (const answer of answers) expect(answer.headers["cache-control"]).toBe("no-store");
  });

  it("let the app's own pages frame a help file, and nobody else", async () => {
    const answer = await app.inject({ method: "GET", url: "/api/files/help/guide.pdf" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(answer.headers["content-security-policy"]).not.toContain("frame-ancestors 'none'");
    expect(answer.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("the sign-in rate limit", () => {
  const devToken = (target: FastifyInstance, remoteAddress: string) =>
    target.inject({ method: "POST", url: "/api/auth/dev/token", payload: { email: STAFF_EMAIL }, remoteAddress });

  it("answers 429 as { message, statusCode } past SIGN_IN_RATE_LIMIT calls a minute from one address", async () => {
    expect([(await devToken(limited, "10.0.0.1")).statusCode, (await devToken(limited, "10.0.0.1")).statusCode]).toEqual([200, 200]);
    const refused = await devToken(limited, "10.0.0.1");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/^Too many sign-in attempts from this address: try again in /), statusCode: 429 });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("counts each address and each sign-in call on its own, and leaves other calls alone", async () => {
    const address = "10.0.0.2";
    await devToken(limited, address);
    await devToken(limited, address);
    expect((await devToken(limited, address)).statusCode).toBe(429);
    expect((await devToken(limited, "10.0.0.3")).statusCode).toBe(200);

    const badHandoff = () => limited.inject({ method: "GET", url: "/api/sessions/cdpLogin/not-a-jwt", remoteAddress: address });
    expect([(await badHandoff()).statusCode, (await badHandoff()).statusCode, (await badHandoff()).statusCode]).toEqual([400, 400, 429]);

    const password = () =>
      limited.inject({
        method: "POST",
        url: "/api/sessions/login?jwt=1",
        payload: { email: STAFF_EMAIL, password: "wrong password" },
        remoteAddress: address,
      });
    expect([(await password()).statusCode, (await password()).statusCode, (await password()).statusCode]).toEqual([401, 401, 429]);

    const signIn = () => limited.inject({ method: "POST", url: "/api/sessions?jwt=1", payload: { credential: "x.y.z" }, remoteAddress: address });
    expect((await signIn()).statusCode).not.toBe(429);
    expect((await signIn()).statusCode).not.toBe(429);
    expect((await signIn()).statusCode).toBe(429);

    for (let call = 0; call < 5; call += 1) {
      expect((await limited.inject({ method: "GET", url: "/api/auth/provider", remoteAddress: address })).statusCode).toBe(200);
    }
  });

  it("counts the calls every instance on the database answered", async () => {
    const other = await buildApp({ config: loadConfig({ SIGN_IN_RATE_LIMIT: "2" }), database });
    try {
      const address = "10.0.0.6";
      expect((await devToken(limited, address)).statusCode).toBe(200);
      expect((await devToken(other, address)).statusCode).toBe(200);
      expect((await devToken(limited, address)).statusCode).toBe(429);
      expect((await devToken(other, address)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it("lets the address in again once the minute has passed", async () => {
    // The windows run on the database's clock; PGlite's is this process's Date, which is faked.
    vi.useFakeTimers({ toFake: ["Date"] });
    const address = "10.0.0.4";
    await devToken(limited, address);
    await devToken(limited, address);
    vi.advanceTimersByTime(59_000);
    expect((await devToken(limited, address)).statusCode).toBe(429);
    vi.advanceTimersByTime(1_000);
    expect((await devToken(limited, address)).statusCode).toBe(200);
  });

  it("counts the client a trusted proxy names in X-Forwarded-For, and ignores the header from anyone else", async () => {
    // Behind a proxy the server runs only with a real provider and hand-off secret (config.ts): password sign-in stands for the sign-in calls.
    const proxied = await buildApp({ config: loadConfig({ SIGN_IN_RATE_LIMIT: "2", TRUST_PROXY: "10.9.0.1", PASSWORD_SIGN_IN: "on", ...PROVIDER }), database });
    const signIn = (remoteAddress: string, client: string) =>
      proxied.inject({
        method: "POST",
        url: "/api/sessions/login?jwt=1",
        payload: { email: STAFF_EMAIL, password: DEMO_PASSWORD },
        remoteAddress,
        headers: { "x-forwarded-for": client },
      });
    try {
      const viaProxy = (client: string) => signIn("10.9.0.1", client);
      expect([(await viaProxy("203.0.113.1")).statusCode, (await viaProxy("203.0.113.1")).statusCode]).toEqual([200, 200]);
      expect((await viaProxy("203.0.113.1")).statusCode).toBe(429);
      expect((await viaProxy("203.0.113.2")).statusCode).toBe(200);

      const spoofing = (client: string) => signIn("10.0.0.9", client);
      expect([(await spoofing("198.51.100.1")).statusCode, (await spoofing("198.51.100.2")).statusCode]).toEqual([200, 200]);
      expect((await spoofing("198.51.100.3")).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  }, 60_000);

  it("refuses a TRUST_PROXY entry that is not an address or a range", () => {
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, ::1", ...PROVIDER }).trustedProxies).toEqual(["10.0.0.0/8", "::1"]);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/8,proxy.internal" })).toThrow(
      'TRUST_PROXY must list IP addresses or CIDR ranges separated by commas, not "proxy.internal"',
    );
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/not "10.0.0.0\/33"/);
  });

  it("allows 60 sign-ins a minute by default", async () => {
    for (let call = 0; call < 60; call += 1) expect((await devToken(app, "10.0.0.5")).statusCode).toBe(200);
    expect((await devToken(app, "10.0.0.5")).statusCode).toBe(429);
  });
});
