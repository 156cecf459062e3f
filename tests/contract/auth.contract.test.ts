// Sign-in, sessions, the development provider and the hand-off; and, for every secured operation
// of the contract, the answers to no session, an expired one, and staff on administrator calls.
import { DEV_HANDOFF } from "../../domain/signInTokens.ts";
import { decodeJwt, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { operations } from "../../mocks/openapi/document";
import { useBackend } from "./fixtures";

const backend = useBackend();

/** Any value reaches the auth check: it runs before validation. */
const anyPath = (path: string) => Object.fromEntries([...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => [name!, "1"]));

// Both targets accept the development hand-off secret outside production.
const HANDOFF = { ...DEV_HANDOFF, key: new TextEncoder().encode(DEV_HANDOFF.secret) };

function handoffToken(email: string, options: { expiresIn?: string; key?: Uint8Array; jti?: string } = {}) {
  return new SignJWT({ email })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(HANDOFF.issuer)
    .setAudience(HANDOFF.audience)
    .setJti(options.jti ?? crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? "5m")
    .sign(options.key ?? HANDOFF.key);
}

describe("development provider", () => {
  it("names which provider the login screen offers", async () => {
    const { status, body } = await backend.api.get("/auth/provider");
    expect(status).toBe(200);
    expect(body).toEqual({ kind: "development", passwordSignIn: true });
  });

  // With a provider these succeed: server/auth/oidcSignIn.test.ts and tests/e2e/oidc.e2e.ts.
  it("has no OpenID Connect sign-in to begin or finish (404), and checks the provider's answer first (400)", async () => {
    const start = await backend.api.post("/auth/oidc/start");
    expect(start.status).toBe(404);
    expect(start.body.message).toBe("There is no OpenID Connect provider here");
    expect((await backend.api.post("/auth/oidc/finish", { body: { state: "s1", code: "c1" } })).status).toBe(404);
    const invalid = await backend.api.post("/auth/oidc/finish", { body: { code: "c1", extra: 1 } });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.body)).toMatch(/state/);
  });

  it("lists the seeded staff sorted by last name, administrators among them", async () => {
    const { status, body } = await backend.api.get("/auth/dev/accounts");
    expect(status).toBe(200);
    const names = body.map((account: { lastname: string }) => account.lastname);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(body.some((account: { isAdmin: boolean }) => account.isAdmin)).toBe(true);
  });

  it("issues ID tokens with the account's profile claims, as a real provider's", async () => {
    for (const { user } of [backend.admin, backend.staff]) {
      const { status, body } = await backend.api.post("/auth/dev/token", { body: { email: user.email } });
      expect(status).toBe(200);
      const claims = decodeJwt(body.credential);
      expect(claims).toMatchObject({ email: user.email, given_name: user.firstname, family_name: user.lastname });
      expect(claims.picture ?? "").toBe(user.profilePicture);
    }
  });

  it("refuses a token for an e-mail that is not staff", async () => {
    const { status, body } = await backend.api.post("/auth/dev/token", { body: { email: "stranger@elsewhere.example" } });
    expect(status).toBe(403);
    expect(body.message).toBe("This account has no access to Recall Desk: ask an administrator to add your e-mail to the staff");
  });

  it("answers 400 naming the field when the e-mail is missing", async () => {
    const { status, body } = await backend.api.post("/auth/dev/token", { body: {} });
    expect(status).toBe(400);
    expect(body.details).toContainEqual({ field: "email", message: "is required" });
  });
});

describe("account sign-in (POST /sessions?jwt=1)", () => {
  it("signs in with a verified ID token and answers a session with the user", async () => {
    const { user, token } = backend.staff;
    const { status, body } = await backend.api.get("/sessions", { token });
    expect(status).toBe(200);
    expect(body.id).not.toBe("");
    expect(body.user).toEqual(user);
    expect(body.accessToken).toBe(token);
  });

  it("signs in with the profile fields of the specification beside the credential", async () => {
    const { user } = backend.admin;
    const { credential } = (await backend.api.post("/auth/dev/token", { body: { email: user.email } })).body;
    const { status, body } = await backend.api.post("/sessions", {
      query: { jwt: 1 },
      body: { credential, email: user.email, firstName: user.firstname, profilePicture: user.profilePicture },
    });
    expect(status).toBe(200);
    expect(body.user.email).toBe(user.email);
  });

  it("refuses a token it did not issue", async () => {
    const forged = await new SignJWT({ email: backend.staff.user.email, email_verified: true })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer("https://dev-provider.recalldesk.example")
      .setAudience("recall-desk")
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode("a key the provider never had, 32 bytes long"));
    const { status, body } = await backend.api.post("/sessions", { query: { jwt: 1 }, body: { credential: forged } });
    expect(status).toBe(401);
    expect(body.message).toBe("Invalid or expired token");
  });

  it("refuses a body e-mail that differs from the token's", async () => {
    const { credential } = (await backend.api.post("/auth/dev/token", { body: { email: backend.staff.user.email } })).body;
    const { status } = await backend.api.post("/sessions", {
      query: { jwt: 1 },
      body: { credential, email: backend.admin.user.email },
    });
    expect(status).toBe(401);
  });

  it("answers 400 for a credential that is not a JWT, and for a missing jwt flag", async () => {
    const notJwt = await backend.api.post("/sessions", { query: { jwt: 1 }, body: { credential: "not a token" } });
    expect(notJwt.status).toBe(400);
    expect(notJwt.body.details.map((d: { field: string }) => d.field)).toContain("credential");
    const noFlag = await backend.api.post("/sessions", { body: { credential: "a.b.c" } });
    expect(noFlag.status).toBe(400);
    expect(noFlag.body.details).toContainEqual({ field: "jwt", message: "is required" });
  });
});

describe("local accounts (POST /sessions/login?jwt=1)", () => {
  it("signs in with e-mail and password", async () => {
    const { status, body } = await backend.api.post("/sessions/login", {
      query: { jwt: 1 },
      body: { email: backend.staff.user.email, password: "recall-desk-demo" },
    });
    expect(status).toBe(200);
    expect(body.user.email).toBe(backend.staff.user.email);
  });

  it("gives the same answer to a wrong password and an unknown e-mail", async () => {
    const wrongPassword = await backend.api.post("/sessions/login", {
      query: { jwt: 1 },
      body: { email: backend.staff.user.email, password: "not-the-password" },
    });
    const unknown = await backend.api.post("/sessions/login", {
      query: { jwt: 1 },
      body: { email: "nobody@recalldesk.example", password: "not-the-password" },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknown.body).toEqual(wrongPassword.body);
    expect(wrongPassword.body.message).toBe("Invalid e-mail or password");
  });

  it("answers 400 for a body with an unknown field", async () => {
    const { status, body } = await backend.api.post("/sessions/login", {
      query: { jwt: 1 },
      body: { email: backend.staff.user.email, password: "x", remember: true },
    });
    expect(status).toBe(400);
    expect(body.details).toContainEqual({ field: "remember", message: "is not allowed" });
  });
});

describe("password sign-in throttled per account", () => {
  it("answers 429 with Retry-After after 5 failures for one e-mail, the right password too; other accounts sign in", async () => {
    const accounts = (await backend.api.get("/auth/dev/accounts")).body as { email: string }[];
    const used = [backend.admin.user.email, backend.staff.user.email];
    const [target, other] = accounts.map((account) => account.email).filter((email) => !used.includes(email));
    const login = (email: string, password: string) => backend.api.post("/sessions/login", { query: { jwt: 1 }, body: { email, password } });
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await login(target!.toUpperCase(), `wrong-${attempt}`)).status).toBe(401);

    const refused = await login(target!, "recall-desk-demo");
    expect(refused.status).toBe(429);
    expect(refused.body.statusCode).toBe(429);
    expect(refused.body.message).toMatch(/^Too many failed sign-ins for this account/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await login(other!, "recall-desk-demo")).status).toBe(200);
  });

  it("counts an e-mail no account has the same way, so a 429 tells nothing of which accounts exist", async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await backend.api.post("/sessions/login", { query: { jwt: 1 }, body: { email: "nobody.here@recalldesk.example", password: "x" } })).status).toBe(401);
    expect((await backend.api.post("/sessions/login", { query: { jwt: 1 }, body: { email: "nobody.here@recalldesk.example", password: "x" } })).status).toBe(429);
  });
});

describe("sessions", () => {
  it("revokes a session on sign-out: its token answers 'Session Expired' from then on", async () => {
    const { token } = await backend.signIn(backend.staff.user.email);
    expect((await backend.api.delete("/sessions", { token })).status).toBe(204);
    const after = await backend.api.get("/sessions", { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: "Session Expired", statusCode: 401 });
  });

  it("ends an idle session with 'Session Expired'", async () => {
    const { token } = await backend.signIn(backend.staff.user.email);
    await backend.target.expireSession(token);
    const { status, body } = await backend.api.get("/sessions", { token });
    expect(status).toBe(401);
    expect(body.message).toBe("Session Expired");
  });
});

describe("partner hand-off (GET /sessions/cdpLogin/{token})", () => {
  it("signs in once with a portal token; the same token a second time is refused", async () => {
    const token = await handoffToken(backend.staff.user.email);
    const first = await backend.api.get("/sessions/cdpLogin/{token}", { path: { token } });
    expect(first.status).toBe(200);
    expect(first.body.user.email).toBe(backend.staff.user.email);
    expect(first.body.user.defaultPage).toMatch(/^\//);
    const again = await backend.api.get("/sessions/cdpLogin/{token}", { path: { token } });
    expect(again.status).toBe(401);
  });

  it("refuses an expired token and one signed with another key", async () => {
    const expired = await handoffToken(backend.staff.user.email, { expiresIn: "-1m" });
    const foreign = await handoffToken(backend.staff.user.email, {
      key: new TextEncoder().encode("not the portal's secret, but 32 bytes+"),
    });
    expect((await backend.api.get("/sessions/cdpLogin/{token}", { path: { token: expired } })).status).toBe(401);
    expect((await backend.api.get("/sessions/cdpLogin/{token}", { path: { token: foreign } })).status).toBe(401);
  });

  it("refuses a valid token for someone who is not staff, and a malformed one", async () => {
    const stranger = await handoffToken("stranger@elsewhere.example");
    expect((await backend.api.get("/sessions/cdpLogin/{token}", { path: { token: stranger } })).status).toBe(403);
    expect((await backend.api.get("/sessions/cdpLogin/{token}", { path: { token: "not-a-jwt" } })).status).toBe(400);
  });
});

describe("every secured operation", () => {
  const secured = operations.filter((operation) => !operation.isPublic);

  it.each(secured.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation] as const))(
    "%s answers 401 'Session Expired' without a session and with an expired one",
    async (_, operation) => {
      const none = await backend.api[operation.method](operation.path, { path: anyPath(operation.path) });
      expect(none.status).toBe(401);
      expect(none.body).toEqual({ message: "Session Expired", statusCode: 401 });

      const { token } = await backend.signIn(backend.staff.user.email);
      await backend.target.expireSession(token);
      const expired = await backend.api[operation.method](operation.path, { path: anyPath(operation.path), token });
      expect(expired.status).toBe(401);
    },
  );

  const adminOnly = operations.filter((operation) => operation.adminOnly);
  it.each(adminOnly.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation] as const))(
    "%s answers 403 to staff who are not administrators",
    async (_, operation) => {
      const { status, body } = await backend.api[operation.method](operation.path, {
        path: anyPath(operation.path),
        token: backend.staff.token,
      });
      expect(status).toBe(403);
      expect(body.statusCode).toBe(403);
    },
  );
});

describe("GET /health", () => {
  it("answers ok without a session", async () => {
    const { status, body } = await backend.api.get("/health");
    expect(status).toBe(200);
    expect(body).toEqual({ status: "ok" });
  });
});
