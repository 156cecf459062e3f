import { describe, expect, it, vi } from "vitest";
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
    provider = { kind: "development" } as AuthProvider,
    initProvider = async (): Promise<void> => undefined,
  }: { provider?: AuthProvider; initProvider?: () => Promise<void> } = {},
) {
  const requested: { request: SignInRequest; landing: Landing }[] = [];
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
        initProvider: fromPromise<void, AuthProvider>(initProvider),
        loadAccounts: fromPromise(async () => accounts),
        issueDevCredential: fromPromise(({ input: { email } }) => issued(email)),
      },
      actions: { requestSignIn: (_, params) => void requested.push(params) },
    }),
    { input: { cookiesEnabled: true, handoffToken: null, landing: "defaultPage", ...input } },
  ).start();
  return { actor, requested, issued };
}

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
    expect(actor.getSnapshot().context.provider).toEqual({ kind: "development" });
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
        provider: { kind: "oidc", clientId: "client", issuer: "https://accounts.google.com" },
        initProvider: async () => Promise.reject(Object.assign(new Error("blocked"), { name: PROVIDER_INIT_FAILED })),
      },
    );
    await waitFor(actor, (s) => s.matches({ signIn: "providerFailedDialog" }));
    actor.send({ type: "providerDialog.close" });
    expect(actor.getSnapshot().matches({ signIn: "providerFailed" })).toBe(true);
  });

  it("signs in with the credential the account provider hands back", async () => {
    const { actor, requested } = start({}, { provider: { kind: "oidc", clientId: "client", issuer: "https://accounts.google.com" } });
    await waitFor(actor, (s) => s.matches({ signIn: "ready" }));
    actor.send({
      type: "login.providerCredential",
      credential: "x.y.z",
      email: "marcus.reed@recalldesk.example",
      firstName: "Marcus",
      profilePicture: "https://pictures.example/marcus.png",
    });
    expect(requested[0]?.request).toEqual({
      kind: "account",
      credential: "x.y.z",
      email: "marcus.reed@recalldesk.example",
      firstName: "Marcus",
      profilePicture: "https://pictures.example/marcus.png",
    });
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
