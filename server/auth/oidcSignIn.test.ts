// @vitest-environment node
// Signing in through a real OpenID Connect provider (oidc-provider on loopback): the code flow with
// PKCE, state and nonce, the server's decision on who may sign in, and every refusal audited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOfProvider } from "../../tests/support/testProviderLogin.ts";
import { PROVIDER_ACCOUNTS, PROVIDER_CLIENT, startTestProvider, type TestProvider } from "../../tests/support/testProvider.ts";
import { ENGINES, startTestApp, type TestApp } from "../../tests/support/testApp.ts";

const REDIRECT_URL = "http://127.0.0.1:8080/";
const MINUTE = 60_000;

let provider: TestProvider;
beforeAll(async () => {
  provider = await startTestProvider(REDIRECT_URL);
});
afterAll(() => provider?.stop());

function providerEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: PROVIDER_CLIENT.clientId,
    OIDC_CLIENT_SECRET: PROVIDER_CLIENT.clientSecret,
    OIDC_JWKS_URL: provider.jwksUrl,
    OIDC_REDIRECT_URL: REDIRECT_URL,
    ...extra,
  };
}

describe.each(ENGINES)("OpenID Connect sign-in on %s", (engine) => {
  let server: TestApp;
  let offset = 0;
  beforeAll(async () => {
    server = await startTestApp({ engine, env: providerEnv(), now: () => new Date(Date.now() + offset) });
  }, 180_000);
  afterAll(() => server?.close());

  async function start(cookie?: string) {
    const answer = await server.app.inject({ method: "POST", url: "/api/auth/oidc/start", headers: cookie ? { cookie } : {} });
    expect(answer.statusCode).toBe(200);
    const setCookie = String(answer.headers["set-cookie"]);
    return { authorizationUrl: answer.json().authorizationUrl as string, cookie: setCookie.split(";")[0]!, setCookie };
  }

  const finish = (body: Record<string, string>, cookie: string) =>
    server.app.inject({ method: "POST", url: "/api/auth/oidc/finish", payload: body, headers: { cookie } });

  async function actions(): Promise<string[]> {
    const rows = await server.database.db.selectFrom("audit_log").select("action").where("action", "like", "finishOidcSignIn%").orderBy("id").execute();
    return rows.map((row) => row.action);
  }

  it("sends the browser to the provider with PKCE, state and nonce, and binds the sign-in to it with an HttpOnly cookie", async () => {
    const { authorizationUrl, setCookie } = await start();
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe(REDIRECT_URL);
    for (const name of ["code_challenge", "state", "nonce"]) expect(url.searchParams.get(name)?.length).toBeGreaterThanOrEqual(43);
    expect(setCookie).toMatch(/^recall_desk_oidc=[\w-]{43}; Max-Age=86400; Path=\/api\/auth\/oidc\/; HttpOnly; SameSite=Strict$/);
  });

  it("signs in known staff and audits it; the provider's tokens are not in the answer", async () => {
    const { authorizationUrl, cookie } = await start();
    const answer = await answerOfProvider(authorizationUrl, REDIRECT_URL, PROVIDER_ACCOUNTS.staff.email);
    const signedIn = await finish(Object.fromEntries(answer), cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(PROVIDER_ACCOUNTS.staff.email);
    expect(signedIn.body).not.toMatch(/eyJ/); // no JWT of the provider's
    expect(await actions()).toContain("finishOidcSignIn");
  });

  it("refuses an answer used twice, one for another browser, and a tampered state", async () => {
    const { authorizationUrl, cookie } = await start();
    const answer = Object.fromEntries(await answerOfProvider(authorizationUrl, REDIRECT_URL, PROVIDER_ACCOUNTS.admin.email));
    const tampered = await finish({ ...answer, state: `${answer.state!.slice(0, -2)}xx` }, cookie);
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().message).toMatch(/expired, was already used or was begun in another browser/);
    expect((await finish(answer, "recall_desk_oidc=another-browser")).statusCode).toBe(401);
    expect((await finish(answer, cookie)).statusCode).toBe(200);
    expect((await finish(answer, cookie)).statusCode).toBe(401);
    expect((await actions()).filter((action) => action === "finishOidcSignIn.unknownState").length).toBeGreaterThanOrEqual(3);
  });

  it("refuses someone the provider knows but Recall Desk does not, and audits it", async () => {
    const { authorizationUrl, cookie } = await start();
    const answer = await answerOfProvider(authorizationUrl, REDIRECT_URL, PROVIDER_ACCOUNTS.stranger.email);
    const refused = await finish(Object.fromEntries(answer), cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("This account has no access to Recall Desk: ask an administrator to add your e-mail to the staff");
    expect(await actions()).toContain("finishOidcSignIn.unknownStaff");
  });

  it("refuses a sign-in begun more than 15 minutes ago", async () => {
    const { authorizationUrl, cookie } = await start();
    const answer = await answerOfProvider(authorizationUrl, REDIRECT_URL, PROVIDER_ACCOUNTS.staff.email);
    offset = 15 * MINUTE;
    try {
      expect((await finish(Object.fromEntries(answer), cookie)).statusCode).toBe(401);
    } finally {
      offset = 0;
    }
  });

  it("refuses a code the provider does not know (expired or forged), and the provider's own refusal", async () => {
    const { authorizationUrl, cookie } = await start();
    const answer = Object.fromEntries(await answerOfProvider(authorizationUrl, REDIRECT_URL, PROVIDER_ACCOUNTS.staff.email));
    const forged = await finish({ ...answer, code: "forged-code" }, cookie);
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toMatch(/already used or has expired/);
    const second = await start(cookie);
    const state = new URL(second.authorizationUrl).searchParams.get("state")!;
    const denied = await finish({ state, iss: provider.issuer, error: "access_denied", error_description: "The user cancelled" }, cookie);
    expect(denied.statusCode).toBe(401);
    expect(denied.json().message).toBe("The sign-in provider did not sign you in (The user cancelled).");
    expect(await actions()).toEqual(expect.arrayContaining(["finishOidcSignIn.codeRefused", "finishOidcSignIn.providerError"]));
  });

  it("answers 502 while the provider cannot be reached", async () => {
    await provider.stop();
    try {
      const answer = await server.app.inject({ method: "POST", url: "/api/auth/oidc/start" });
      expect(answer.statusCode).toBe(502);
      expect(answer.json().message).toBe("The sign-in provider could not be reached");
    } finally {
      await provider.start();
    }
  });

  it("offers no password sign-in with a provider, unless PASSWORD_SIGN_IN=on", async () => {
    const body = { email: PROVIDER_ACCOUNTS.staff.email, password: "recall-desk-demo" };
    const off = await server.app.inject({ method: "POST", url: "/api/sessions/login?jwt=1", payload: body });
    expect(off.statusCode).toBe(404);
    expect((await server.app.inject({ method: "GET", url: "/api/auth/provider" })).json().passwordSignIn).toBe(false);
  });
});

describe("OpenID Connect sign-in with an allowed domain", () => {
  it("refuses known staff of another domain, and audits it", async () => {
    const server = await startTestApp({ env: providerEnv({ OIDC_ALLOWED_DOMAIN: "practice-group.example", PASSWORD_SIGN_IN: "on" }) });
    try {
      const start = await server.app.inject({ method: "POST", url: "/api/auth/oidc/start" });
      const cookie = String(start.headers["set-cookie"]).split(";")[0]!;
      const answer = await answerOfProvider(start.json().authorizationUrl, REDIRECT_URL, PROVIDER_ACCOUNTS.staff.email);
      const refused = await server.app.inject({ method: "POST", url: "/api/auth/oidc/finish", payload: Object.fromEntries(answer), headers: { cookie } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("This account's e-mail domain may not sign in to Recall Desk");
      const password = await server.app.inject({
        method: "POST",
        url: "/api/sessions/login?jwt=1",
        payload: { email: PROVIDER_ACCOUNTS.staff.email, password: "recall-desk-demo" },
      });
      expect(password.statusCode).toBe(200);
    } finally {
      await server.close();
    }
  }, 180_000);
});
