// @vitest-environment node
// Sign-in over HTTP against a real OpenID Connect key set: a local JWKS endpoint (node:http) serves
// the public half of generated key pairs, the server is configured with OIDC_* to it, and ID tokens
// signed by those keys (or forged ones) are posted to POST /sessions?jwt=1. Then the partner
// hand-off (HS256 secret, or the portal's key set) and its refusals, and the development provider
// under NODE_ENV=production.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type JWK, type CryptoKey } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { INVALID_TOKEN, UNKNOWN_STAFF } from "../../contract/errors.ts";
import { bearer, ENGINES, STAFF_EMAIL, startTestApp, type App, type TestApp } from "../../tests/support/testApp.ts";
import { issueDevIdToken } from "../../domain/signInTokens.ts";

const ISSUER = "https://accounts.test.example";
const CLIENT_ID = "recall-desk-test-client";
const HANDOFF_SECRET = "a hand-off secret of this test only, 32+ bytes long";
const HANDOFF = { issuer: "https://portal.test.example", audience: "recall-desk-test" };

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

async function signingKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
}

/** The provider's key set as the endpoint serves it now; `fetches` counts requests to it. */
const jwks = { keys: [] as JWK[], fetches: 0 };
/** The partner portal's key set (HANDOFF_JWKS_URL), served by the same endpoint under its own path. */
const PORTAL_JWKS_PATH = "/portal/jwks.json";
let portalKey: SigningKey;
let jwksServer: Server;
let server: TestApp;
let firstKey: SigningKey;

interface IdTokenOptions {
  key?: SigningKey;
  claims?: Record<string, unknown>;
  issuer?: string;
  audience?: string;
  expiresIn?: string | number;
}

function idToken(email: string, options: IdTokenOptions = {}): Promise<string> {
  const key = options.key ?? firstKey;
  return new SignJWT({ email, email_verified: true, ...options.claims })
    .setProtectedHeader({ alg: "RS256", kid: key.kid })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? CLIENT_ID)
    .setSubject(`subject-of-${email}`)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? "5m")
    .sign(key.privateKey);
}

const signIn = (app: App, credential: string, email?: string) =>
  app.inject({ method: "POST", url: "/api/sessions?jwt=1", payload: { credential, ...(email ? { email } : {}) } });

beforeAll(async () => {
  firstKey = await signingKey("key-1");
  portalKey = await signingKey("portal-1");
  jwks.keys = [firstKey.jwk];
  jwksServer = createServer((request, response) => {
    const portal = request.url === PORTAL_JWKS_PATH;
    if (!portal) jwks.fetches += 1;
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: portal ? [portalKey.jwk] : jwks.keys }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  vi.useRealTimers();
  await new Promise((resolve) => jwksServer?.close(resolve));
});

function serverEnv(): NodeJS.ProcessEnv {
  const { port } = jwksServer.address() as AddressInfo;
  return {
    OIDC_ISSUER: ISSUER,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_JWKS_URL: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    OIDC_CLIENT_SECRET: "test client secret",
    OIDC_REDIRECT_URL: "http://127.0.0.1:8080/",
    HANDOFF_SECRET,
    HANDOFF_ISSUER: HANDOFF.issuer,
    HANDOFF_AUDIENCE: HANDOFF.audience,
  };
}

describe.each(ENGINES)("sign-in on %s", (engine) => {
  beforeAll(async () => {
    // Each app fetches the key set afresh; the rotation test of the previous engine changed it.
    jwks.keys = [firstKey.jwk];
    jwks.fetches = 0;
    server = await startTestApp({ engine, env: serverEnv() });
  }, 180_000);
  afterAll(() => server?.close());

  describe("account sign-in with the provider's key set", () => {
    it("offers the configured provider, not the development one", async () => {
      expect((await server.app.inject({ method: "GET", url: "/api/auth/provider" })).json()).toEqual({ kind: "oidc", clientId: CLIENT_ID, issuer: ISSUER, passwordSignIn: false });
      expect((await server.app.inject({ method: "GET", url: "/api/auth/dev/accounts" })).statusCode).toBe(404);
    });

    it("signs in known staff with a token signed by the provider's key, fetching the key set once", async () => {
      const answer = await signIn(server.app, await idToken(STAFF_EMAIL), STAFF_EMAIL);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().user.email).toBe(STAFF_EMAIL);
      const session = await server.app.inject({ method: "GET", url: "/api/sessions", headers: bearer(answer.json().accessToken) });
      expect(session.statusCode).toBe(200);
      expect((await signIn(server.app, await idToken(STAFF_EMAIL.toUpperCase()))).statusCode).toBe(200);
      expect(jwks.fetches).toBe(1);
    });

    it.each<[string, () => Promise<string>]>([
      ["alg none", async () => new UnsecuredJWT({ email: STAFF_EMAIL, email_verified: true }).setIssuer(ISSUER).setAudience(CLIENT_ID).setIssuedAt().setExpirationTime("5m").encode()],
      ["a key the provider does not publish", async () => idToken(STAFF_EMAIL, { key: await signingKey("key-of-a-stranger") })],
      ["another key under the provider's kid", async () => idToken(STAFF_EMAIL, { key: { ...(await signingKey("key-1")), kid: "key-1" } })],
      [
        "HS256 with the provider's public key as the secret",
        async () =>
          new SignJWT({ email: STAFF_EMAIL, email_verified: true })
            .setProtectedHeader({ alg: "HS256", kid: "key-1" })
            .setIssuer(ISSUER)
            .setAudience(CLIENT_ID)
            .setIssuedAt()
            .setExpirationTime("5m")
            .sign(new TextEncoder().encode(JSON.stringify(firstKey.jwk))),
      ],
      ["the wrong audience", () => idToken(STAFF_EMAIL, { audience: "some-other-client" })],
      ["the wrong issuer", () => idToken(STAFF_EMAIL, { issuer: "https://evil.example" })],
      ["an expired token", () => idToken(STAFF_EMAIL, { expiresIn: Math.floor(Date.now() / 1000) - 120 })],
      ["email_verified false", () => idToken(STAFF_EMAIL, { claims: { email_verified: false } })],
      ["no email_verified", () => idToken(STAFF_EMAIL, { claims: { email_verified: undefined } })],
      ["a token of the development provider", () => issueDevIdToken(STAFF_EMAIL)],
      ["a token that is not a JWT", async () => "not.a.jwt"],
    ])("refuses %s with 401", async (_, credential) => {
      const answer = await signIn(server.app, await credential());
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: INVALID_TOKEN, statusCode: 401 });
    });

    it("refuses a body e-mail other than the token's, and an e-mail that is not staff", async () => {
      const mismatch = await signIn(server.app, await idToken(STAFF_EMAIL), "alicia.moreno@recalldesk.example");
      expect(mismatch.statusCode).toBe(401);
      const stranger = await signIn(server.app, await idToken("stranger@elsewhere.example"));
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json().message).toBe(UNKNOWN_STAFF);
    });

    it("follows a key rotation: a new kid is fetched, a withdrawn key refused", async () => {
      const secondKey = await signingKey("key-2");
      jwks.keys = [secondKey.jwk];
      // jose refetches for an unknown kid at most once per 30 s (a forged kid cannot flood the provider):
      // the earlier refusals fetched just now, so let that time pass on the clock jose reads.
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 31_000 });
      try {
        const rotated = await signIn(server.app, await idToken(STAFF_EMAIL, { key: secondKey }));
        expect(rotated.statusCode).toBe(200);
        const withdrawn = await signIn(server.app, await idToken(STAFF_EMAIL, { key: firstKey }));
        expect(withdrawn.statusCode).toBe(401);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  describe("partner hand-off (GET /sessions/cdpLogin/{token})", () => {
    const encoder = new TextEncoder();
    interface HandoffOptions {
      secret?: string;
      issuer?: string;
      audience?: string;
      expiresIn?: string | number;
      jti?: string;
    }
    const handoff = (email: string, options: HandoffOptions = {}) =>
      new SignJWT({ email })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer(options.issuer ?? HANDOFF.issuer)
        .setAudience(options.audience ?? HANDOFF.audience)
        .setJti(options.jti ?? crypto.randomUUID())
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? "2m")
        .sign(encoder.encode(options.secret ?? HANDOFF_SECRET));
    const cdpLogin = (token: string) => server.app.inject({ method: "GET", url: `/api/sessions/cdpLogin/${token}` });

    it("signs in once per token: a replayed jti is refused", async () => {
      const token = await handoff(STAFF_EMAIL);
      const first = await cdpLogin(token);
      expect(first.statusCode).toBe(200);
      expect(first.json().user.email).toBe(STAFF_EMAIL);
      expect((await cdpLogin(token)).json()).toEqual({ message: INVALID_TOKEN, statusCode: 401 });
      // The same jti in a freshly signed token is the same hand-off.
      const jti = crypto.randomUUID();
      expect((await cdpLogin(await handoff(STAFF_EMAIL, { jti }))).statusCode).toBe(200);
      expect((await cdpLogin(await handoff(STAFF_EMAIL, { jti }))).statusCode).toBe(401);
    });

    it.each<[string, () => Promise<string>]>([
      ["alg none", async () => new UnsecuredJWT({ email: STAFF_EMAIL }).setIssuer(HANDOFF.issuer).setAudience(HANDOFF.audience).setJti("j-none").setIssuedAt().setExpirationTime("2m").encode()],
      ["another secret", () => handoff(STAFF_EMAIL, { secret: "the development secret is not this one either" })],
      ["the development secret", () => handoff(STAFF_EMAIL, { secret: "recall-desk development hand-off secret, 32+ bytes" })],
      ["the wrong audience", () => handoff(STAFF_EMAIL, { audience: "recall-desk" })],
      ["the wrong issuer", () => handoff(STAFF_EMAIL, { issuer: "https://portal.recalldesk.example" })],
      ["an expired token", () => handoff(STAFF_EMAIL, { expiresIn: Math.floor(Date.now() / 1000) - 60 })],
    ])("refuses %s with 401", async (_, token) => {
      const answer = await cdpLogin(await token());
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ message: INVALID_TOKEN, statusCode: 401 });
    });

    it("refuses an e-mail that is not staff with 403", async () => {
      const answer = await cdpLogin(await handoff("stranger@elsewhere.example"));
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe(UNKNOWN_STAFF);
    });
  });

  describe("partner hand-off signed with the portal's key set (HANDOFF_JWKS_URL)", () => {
    let app: App;
    beforeAll(async () => {
      const { port } = jwksServer.address() as AddressInfo;
      const env = { ...serverEnv(), HANDOFF_SECRET: undefined, HANDOFF_JWKS_URL: `http://127.0.0.1:${port}${PORTAL_JWKS_PATH}` };
      app = await buildApp({ config: loadConfig(env), database: server.database });
    }, 60_000);
    afterAll(() => app?.close());

    const portalToken = (key: SigningKey, email = STAFF_EMAIL) =>
      new SignJWT({ email })
        .setProtectedHeader({ alg: "RS256", kid: key.kid })
        .setIssuer(HANDOFF.issuer)
        .setAudience(HANDOFF.audience)
        .setJti(crypto.randomUUID())
        .setIssuedAt()
        .setExpirationTime("2m")
        .sign(key.privateKey);
    const cdpLogin = (token: string) => app.inject({ method: "GET", url: `/api/sessions/cdpLogin/${token}` });

    it("signs in once with a token signed by the portal's key", async () => {
      const token = await portalToken(portalKey);
      expect((await cdpLogin(token)).statusCode).toBe(200);
      expect((await cdpLogin(token)).statusCode).toBe(401);
    });

    it("refuses a key the portal does not publish, and any HS256 token", async () => {
      expect((await cdpLogin(await portalToken(await signingKey("portal-1")))).statusCode).toBe(401);
      const hs256 = (secret: string) =>
        new SignJWT({ email: STAFF_EMAIL })
          .setProtectedHeader({ alg: "HS256" })
          .setIssuer(HANDOFF.issuer)
          .setAudience(HANDOFF.audience)
          .setJti(crypto.randomUUID())
          .setIssuedAt()
          .setExpirationTime("2m")
          .sign(new TextEncoder().encode(secret));
      expect((await cdpLogin(await hs256(HANDOFF_SECRET))).statusCode).toBe(401);
      expect((await cdpLogin(await hs256(JSON.stringify(portalKey.jwk)))).statusCode).toBe(401);
    });
  });

  describe("the development provider under NODE_ENV=production", () => {
    it("is refused by the configuration: a production server needs a real provider", () => {
      const production = { NODE_ENV: "production", HANDOFF_SECRET };
      expect(() => loadConfig(production)).toThrow(/OIDC_ISSUER/);
      expect(loadConfig({ ...production, OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: CLIENT_ID, OIDC_JWKS_URL: "https://accounts.test.example/jwks", OIDC_CLIENT_SECRET: "s", OIDC_REDIRECT_URL: "https://recall.example/" }).oidc?.clientId).toBe(CLIENT_ID);
    });

    it("does not list accounts, issue tokens or accept its tokens even when configured by hand", { timeout: 60_000 }, async () => {
      const app = await buildApp({ config: { ...loadConfig({ HANDOFF_SECRET }), production: true }, database: server.database });
      try {
        expect((await app.inject({ method: "GET", url: "/api/auth/dev/accounts" })).statusCode).toBe(404);
        expect((await app.inject({ method: "POST", url: "/api/auth/dev/token", payload: { email: STAFF_EMAIL } })).statusCode).toBe(404);
        const answer = await signIn(app, await issueDevIdToken(STAFF_EMAIL));
        expect(answer.statusCode).toBe(401);
        expect(answer.json().message).toBe(INVALID_TOKEN);
      } finally {
        await app.close();
      }
    });
  });
});
