import { afterEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { SignInRequest } from "../auth/auth.machine";
import type { Landing } from "../auth/landing";
import { loginMachine, PROVIDER_INIT_FAILED, type AuthProvider, type LoginInput } from "./login.machine";

const accounts = [
  { email: "alicia.moreno@recalldesk.example", firstname: "Alicia", lastname: "Moreno", isAdmin: true },
  { email: "marcus.reed@recalldesk.example", firstname: "Marcus", lastname: "Reed", isAdmin: false },
];

function start(
  input: Partial<LoginInput> = {},
  {
    provider = { kind: "development", passwordSignIn: true } as AuthProvider,
    initProvider = async (): Promise<string> => AUTHORIZATION_URL,
  }: { provider?: AuthProvider; initProvider?: () => Promise<string> } = {},
) {
  const requested: { request: SignInRequest; landing: Landing }[] = [];
  const redirected: { url: string; landing: Landing }[] = [];
  const cleared = vi.fn();
  // The development provider's token, with the profile its claims carry (login.actors.ts reads them).
  const issued = vi.fn(async (email: string) => ({
    credential: `credential-of-${email}`,
    email,
    firstName: accounts.find((account) => account.email === email)?.firstname,
    profilePicture: `https://pictures.example/${email}.png`,
  }));
  const actor = createActor(
    loginMachine.provide({
      actors: {
        loadProvider: fromPromise(async () => provider),
        initProvider: fromPromise<string, AuthProvider>(initProvider),
        loadAccounts: fromPromise(async () => accounts),
        issueDevCredential: fromPromise(({ input: { email } }) => issued(email)),
      },
      actions: {
        requestSignIn: (_, params) => void requested.push(params),
        goToProvider: (_, params) => void redirected.push(params),
        clearProviderAnswer: cleared,
      },
    }),
    { input: { cookiesEnabled: true, handoffToken: null, providerAnswer: null, landing: "defaultPage", ...input } },
  ).start();
  return { actor, requested, issued, redirected, cleared };
}

const AUTHORIZATION_URL = "https://idp.example/authorize?state=s1";
const OIDC: AuthProvider = { kind: "oidc", clientId: "client", issuer: "https://idp.example", passwordSignIn: false };

describe("login machine", () => {
  it("signs in automatically with a token in the address, landing where the address says", async () => {
    const { actor, requested } = start({ handoffToken: "a.b.c", landing: "membersList" });
    expect(requested).toEqual([{ request: { kind: "handoff", token: "a.b.c" }, landing: "membersList" }]);
    await waitFor(actor, (s) => s.matches({ signIn: "ready" }));
  });

  it("asks for nothing without a token, and offers the account sign-in", async () => {
    const { actor, requested } = start();
    await waitFor(actor, (s) => s.matches({ signIn: "ready" }));
    expect(requested).toEqual([]);
    expect(actor.getSnapshot().context.provider).toEqual({ kind: "development", passwordSignIn: true });
  });

  it("lets the user choose a development account and signs in with its ID token and profile (§3 sign-in payload)", async () => {
    const { actor, requested, issued } = start();
    await waitFor(actor, (s) => s.matches({ signIn: "ready" }));

    actor.send({ type: "login.chooseAccount" });
    await waitFor(actor, (s) => s.matches({ signIn: { choosingAccount: "listing" } }));
    expect(actor.getSnapshot().context.accounts).toEqual(accounts);

    actor.send({ type: "login.pickAccount", email: "marcus.reed@recalldesk.example" });
    await waitFor(actor, (s) => s.matches({ signIn: "ready" }));
    expect(issued).toHaveBeenCalledWith("marcus.reed@recalldesk.example");
    expect(requested).toEqual([
      {
        request: {
          kind: "account",
          credential: "credential-of-marcus.reed@recalldesk.example",
          email: "marcus.reed@recalldesk.example",
          firstName: "Marcus",
          profilePicture: "https://pictures.example/marcus.reed@recalldesk.example.png",
        },
        landing: "defaultPage",
      },
    ]);
  });

  it("closes the account chooser on cancel without signing in", async () => {
    const { actor, requested } = start();
    await waitFor(actor, (s) => s.matches({ signIn: "ready" }));
    actor.send({ type: "login.chooseAccount" });
    await waitFor(actor, (s) => s.matches({ signIn: { choosingAccount: "listing" } }));
    actor.send({ type: "login.cancel" });
    expect(actor.getSnapshot().matches({ signIn: "ready" })).toBe(true);
    expect(requested).toEqual([]);
  });

  it("opens the dialog when the account provider fails to initialise, and closes it on request", async () => {
    const { actor } = start(
      {},
      {
        provider: OIDC,
        initProvider: async () => Promise.reject(Object.assign(new Error("blocked"), { name: PROVIDER_INIT_FAILED })),
      },
    );
    await waitFor(actor, (s) => s.matches({ signIn: "providerFailedDialog" }));
    actor.send({ type: "providerDialog.close" });
    expect(actor.getSnapshot().matches({ signIn: "providerFailed" })).toBe(true);
  });

  it("prepares a sign-in at the provider and sends the browser there on the button, with the landing", async () => {
    const { actor, redirected, requested } = start({ landing: "membersList" }, { provider: OIDC });
    await waitFor(actor, (s) => s.matches({ signIn: "ready" }));
    expect(actor.getSnapshot().context.authorizationUrl).toBe(AUTHORIZATION_URL);
    actor.send({ type: "login.chooseAccount" });
    expect(redirected).toEqual([{ url: AUTHORIZATION_URL, landing: "membersList" }]);
    expect(actor.getSnapshot().matches({ signIn: "redirecting" })).toBe(true);
    expect(requested).toEqual([]);
  });

  it("signs in with the provider's answer in the address, and takes it out of the address", async () => {
    const answer = { code: "c1", state: "s1" };
    const { actor, requested, cleared } = start({ providerAnswer: answer }, { provider: OIDC });
    expect(requested).toEqual([{ request: { kind: "oidc", answer }, landing: "defaultPage" }]);
    expect(cleared).toHaveBeenCalledOnce();
    await waitFor(actor, (s) => s.matches({ signIn: "ready" }));
  });

  describe("a login screen left open", () => {
    afterEach(() => vi.useRealTimers());

    it("prepares another sign-in at the provider after 10 minutes, before the server's 15 run out", async () => {
      vi.useFakeTimers();
      let prepared = 0;
      const { actor } = start({}, { provider: OIDC, initProvider: async () => `${AUTHORIZATION_URL}&n=${++prepared}` });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().context.authorizationUrl).toMatch(/n=1$/);
      await vi.advanceTimersByTimeAsync(10 * 60_000 - 1);
      expect(prepared).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(prepared).toBe(2);
      expect(actor.getSnapshot().context.authorizationUrl).toMatch(/n=2$/);
    });
  });

  it("signs in with e-mail and password where the server offers them, not otherwise", async () => {
    const offered = start();
    await waitFor(offered.actor, (s) => s.matches({ signIn: "ready" }));
    offered.actor.send({ type: "login.password", email: " priya@recalldesk.example ", password: "secret" });
    expect(offered.requested).toEqual([
      { request: { kind: "password", email: "priya@recalldesk.example", password: "secret" }, landing: "defaultPage" },
    ]);

    const notOffered = start({}, { provider: OIDC });
    await waitFor(notOffered.actor, (s) => s.matches({ signIn: "ready" }));
    notOffered.actor.send({ type: "login.password", email: "priya@recalldesk.example", password: "secret" });
    expect(notOffered.requested).toEqual([]);
  });

  it("shows the cookies modal when cookies are disabled; OK closes it", () => {
    const { actor } = start({ cookiesEnabled: false });
    expect(actor.getSnapshot().matches({ cookies: "disabledDialog" })).toBe(true);
    actor.send({ type: "cookiesDialog.close" });
    expect(actor.getSnapshot().matches({ cookies: "dismissed" })).toBe(true);
  });

  it("does not show the cookies modal when cookies work", () => {
    const { actor } = start({ cookiesEnabled: true });
    expect(actor.getSnapshot().matches({ cookies: "enabled" })).toBe(true);
  });
});
