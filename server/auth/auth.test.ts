// @vitest-environment node
// Token and session rules the contract suite cannot reach over HTTP: forged and replayed tokens,
// a short secret, and idle and absolute expiry on a controlled clock.
import { SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_HANDOFF } from "../../domain/signInTokens.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase, type DatabaseHandle } from "../db/connection.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { claimHandoffJti, openSession, touchSession } from "./sessions.repository.ts";
import { DEV_PROVIDER, issueDevIdToken } from "../../domain/signInTokens.ts";
import { idTokenVerifier, verifyPortalHandoff } from "./tokens.ts";

const config = loadConfig({ DATA_DIR: "memory://" });
const encoder = new TextEncoder();

interface HandoffOptions {
  key?: Uint8Array;
  issuer?: string;
  audience?: string;
  expiresIn?: string;
  /** Seconds since the epoch (default now). */
  issuedAt?: number;
}

function handoff(claims: Record<string, unknown>, options: HandoffOptions = {}) {
  const { key = encoder.encode(DEV_HANDOFF.secret), issuer = config.handoff.issuer, audience = config.handoff.audience, expiresIn = "5m" } = options;
  return new SignJWT({ email: "marcus.reed@recalldesk.example", ...claims })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(issuer)
    .setAudience(audience)
    .setJti(crypto.randomUUID())
    .setIssuedAt(options.issuedAt)
    .setExpirationTime(expiresIn)
    .sign(key);
}

describe("configuration", () => {
  it("refuses a hand-off secret under 32 bytes, and production without its own secret", () => {
    expect(() => loadConfig({ HANDOFF_SECRET: "short" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/HANDOFF_SECRET/);
    expect(() => loadConfig({ NODE_ENV: "production", HANDOFF_SECRET: "x".repeat(31) })).toThrow(/at least 32 bytes/);
    expect(loadConfig({ HANDOFF_SECRET: "x".repeat(32) }).handoff.secret).toHaveLength(32);
    expect(() => loadConfig({ NODE_ENV: "production", HANDOFF_SECRET: DEV_HANDOFF.secret })).toThrow(/development/);
  });

  it("takes the partner portal's key set instead of a secret, not both", () => {
    const jwks = { HANDOFF_JWKS_URL: "https://portal.example/jwks.json" };
    expect(loadConfig(jwks).handoff).toMatchObject({ secret: undefined, jwksUrl: "https://portal.example/jwks.json" });
    expect(() => loadConfig({ ...jwks, HANDOFF_SECRET: "x".repeat(32) })).toThrow(/not both/);
    const oidc = { OIDC_ISSUER: "https://accounts.example", OIDC_CLIENT_ID: "c", OIDC_JWKS_URL: "https://accounts.example/jwks", OIDC_CLIENT_SECRET: "s", OIDC_REDIRECT_URL: "https://recall.example/" };
    expect(loadConfig({ NODE_ENV: "production", ...oidc, ...jwks }).handoff.jwksUrl).toBe("https://portal.example/jwks.json");
  });

  it("names a malformed variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ OIDC_ISSUER: "https://accounts.google.com" })).toThrow(/OIDC_CLIENT_ID/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });
});

describe("ID tokens of the development provider", () => {
  const verify = idTokenVerifier(undefined, false);

  it("accepts its own token and nothing forged", async () => {
    expect(await verify(await issueDevIdToken("alicia.moreno@recalldesk.example"))).toBe("alicia.moreno@recalldesk.example");
    const unsigned = new UnsecuredJWT({ email: "a@b.example", email_verified: true }).setIssuer(DEV_PROVIDER.issuer).setAudience(DEV_PROVIDER.audience).setExpirationTime("5m").encode();
    expect(await verify(unsigned)).toBeUndefined();
    const otherKey = await new SignJWT({ email: "a@b.example", email_verified: true })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(DEV_PROVIDER.issuer)
      .setAudience(DEV_PROVIDER.audience)
      .setExpirationTime("5m")
      .sign(encoder.encode("some other key of at least thirty-two bytes"));
    expect(await verify(otherKey)).toBeUndefined();
  });

  it("refuses a token whose e-mail is not verified", async () => {
    const token = await new SignJWT({ email: "a@b.example", email_verified: false })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(DEV_PROVIDER.issuer)
      .setAudience(DEV_PROVIDER.audience)
      .setExpirationTime("5m")
      .sign(DEV_PROVIDER.key);
    expect(await verify(token)).toBeUndefined();
  });
});

describe("hand-off tokens", () => {
  it("accept the portal's token and refuse alg none, wrong issuer, wrong audience, expired and too old", async () => {
    expect((await verifyPortalHandoff(await handoff({}), config.handoff))?.email).toBe("marcus.reed@recalldesk.example");
    const none = new UnsecuredJWT({ email: "x@y.example" }).setIssuer(config.handoff.issuer).setAudience(config.handoff.audience).setJti("j").setIssuedAt().setExpirationTime("5m").encode();
    expect(await verifyPortalHandoff(none, config.handoff)).toBeUndefined();
    expect(await verifyPortalHandoff(await handoff({}, { issuer: "https://elsewhere.example" }), config.handoff)).toBeUndefined();
    expect(await verifyPortalHandoff(await handoff({}, { audience: "another-app" }), config.handoff)).toBeUndefined();
    expect(await verifyPortalHandoff(await handoff({}, { expiresIn: "-1s" }), config.handoff)).toBeUndefined();
    const old = await handoff({}, { issuedAt: Math.floor(Date.now() / 1000) - 3600, expiresIn: "1h" });
    expect(await verifyPortalHandoff(old, config.handoff)).toBeUndefined();
  });
});

describe("sessions and hand-off jtis in the database", () => {
  let database: DatabaseHandle;
  const rules = { idleMs: 30 * 60_000, lifetimeMs: 7 * 24 * 60 * 60_000 };

  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    await migrateToLatest(database.db);
    await database.db.insertInto("users").values({ id: 1, email: "a@b.example", firstname: "A", lastname: "B", default_page: "/dashboard", password_hash: null }).execute();
  }, 60_000);
  afterAll(() => database.close());

  it("end after the idle timeout, and after 7 days however busy", async () => {
    const start = new Date("2026-11-16T15:00:00Z");
    const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
    const { token } = await openSession(database.db, 1, rules, start);
    expect(await touchSession(database.db, token, rules, minutes(29))).toBeDefined();
    expect(await touchSession(database.db, token, rules, minutes(58))).toBeDefined();
    expect(await touchSession(database.db, token, rules, minutes(88))).toBeUndefined();

    const busy = await openSession(database.db, 1, rules, start);
    for (let minute = 20; minute < 7 * 24 * 60; minute += 20) await touchSession(database.db, busy.token, rules, minutes(minute));
    expect(await touchSession(database.db, busy.token, rules, minutes(7 * 24 * 60 + 1))).toBeUndefined();
  }, 60_000);

  it("write a session's idle clock at most once a minute", async () => {
    const start = new Date("2026-11-16T15:00:00Z");
    const seconds = (n: number) => new Date(start.getTime() + n * 1000);
    const { token, session } = await openSession(database.db, 1, rules, start);
    const lastSeen = async () =>
      (await database.db.selectFrom("sessions").select("last_seen_at").where("id", "=", session.id).executeTakeFirstOrThrow()).last_seen_at.toISOString();
    expect((await touchSession(database.db, token, rules, seconds(59)))?.user.email).toBe("a@b.example");
    expect(await lastSeen()).toBe(start.toISOString());
    await touchSession(database.db, token, rules, seconds(60));
    expect(await lastSeen()).toBe(seconds(60).toISOString());
    await touchSession(database.db, token, rules, seconds(100));
    expect(await lastSeen()).toBe(seconds(60).toISOString());
  }, 60_000);

  it("store only the token's hash", async () => {
    const { token, session } = await openSession(database.db, 1, rules);
    expect(session.token_hash).not.toContain(token);
    expect(session.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("remember a hand-off jti: the second use is refused", async () => {
    const until = new Date(Date.now() + 600_000);
    expect(await claimHandoffJti(database.db, "jti-1", until)).toBe(true);
    expect(await claimHandoffJti(database.db, "jti-1", until)).toBe(false);
  });
});

describe("passwords", () => {
  it("verify against their scrypt hash only", async () => {
    const hash = await hashPassword("recall-desk-demo");
    expect(hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword("recall-desk-demo", hash)).toBe(true);
    expect(await verifyPassword("recall-desk-demo ", hash)).toBe(false);
  });
});
