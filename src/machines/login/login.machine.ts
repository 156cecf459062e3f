// The login screen (§2): the account sign-in button (the configured OpenID Connect provider, or the
// development provider's account chooser), e-mail and password where the server offers local
// accounts, automatic sign-in with a `token` in the address or with the provider's answer, the
// dialog for a provider that fails to initialise, and the cookies-disabled modal. Signing in itself
// is the auth machine's business: this machine asks for it with `requestSignIn`.
import { assign, not, setup } from "xstate";
import { notProvided } from "../notProvided";
import { type ApiFailure, toFailure } from "../../api/errors";
import type { components } from "../../../contract/schema";
import type { AccountCredential, SignInRequest } from "../auth/auth.machine";
import type { Landing } from "../auth/landing";
import { PROVIDER_SIGN_IN_REFRESH_MS } from "../../lib/constants";

type Schemas = components["schemas"];
export type AuthProvider = Schemas["AuthProvider"];
export type DevAccount = Schemas["DevAccount"];
export type OidcAnswer = Schemas["OidcAnswer"];

/** §2: the error name of a sign-in provider that fails to initialise in the browser. */
export const PROVIDER_INIT_FAILED = "idpiframe_initialization_failed";

export interface LoginInput {
  cookiesEnabled: boolean;
  /** A partner hand-off token found in the address (`?token=`). */
  handoffToken: string | null;
  /** The OpenID Connect provider's answer in the address, when it has just sent the browser back. */
  providerAnswer: OidcAnswer | null;
  landing: Landing;
}

export interface LoginContext {
  cookiesEnabled: boolean;
  landing: Landing;
  handoffToken: string | null;
  providerAnswer: OidcAnswer | null;
  provider: AuthProvider | null;
  /** The provider's address for this browser's next sign-in (prepared by the server). */
  authorizationUrl: string | null;
  accounts: DevAccount[];
  failure: ApiFailure | null;
}

export type LoginEvent =
  | { type: "login.chooseAccount" }
  | { type: "login.pickAccount"; email: string }
  | { type: "login.cancel" }
  | { type: "login.retry" }
  | { type: "login.password"; email: string; password: string }
  | { type: "providerDialog.close" }
  | { type: "cookiesDialog.close" };

export const loginMachine = setup({
  types: {
    input: {} as LoginInput,
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    loadProvider: notProvided<AuthProvider>("loadProvider"),
    /** Prepares a sign-in at the provider: its authorization address; rejects with PROVIDER_INIT_FAILED. */
    initProvider: notProvided<string, AuthProvider>("initProvider"),
    loadAccounts: notProvided<DevAccount[]>("loadAccounts"),
    /** The development provider's ID token for the chosen account, with its profile (§3 sign-in payload). */
    issueDevCredential: notProvided<AccountCredential, { email: string }>("issueDevCredential"),
  },
  actions: {
    requestSignIn: (_, _params: { request: SignInRequest; landing: Landing }) => {},
    /** Sends the browser to the provider, remembering where to land when it comes back. */
    goToProvider: (_, _params: { url: string; landing: Landing }) => {},
    /** Takes the provider's answer out of the address: it can be used once. */
    clearProviderAnswer: () => {},
  },
  guards: {
    cookiesEnabled: ({ context }) => context.cookiesEnabled,
    hasHandoffToken: ({ context }) => context.handoffToken !== null,
    hasProviderAnswer: ({ context }) => context.providerAnswer !== null,
    isDevelopment: (_, params: { provider: AuthProvider }) => params.provider.kind === "development",
    developmentProvider: ({ context }) => context.provider?.kind === "development",
    offersPassword: ({ context }) => context.provider?.passwordSignIn === true,
  },
  delays: {
    providerSignInRefresh: PROVIDER_SIGN_IN_REFRESH_MS,
  },
}).createMachine({
  id: "login",
  type: "parallel",
  context: ({ input }) => ({
    cookiesEnabled: input.cookiesEnabled,
    landing: input.landing,
    handoffToken: input.handoffToken,
    providerAnswer: input.providerAnswer,
    provider: null,
    authorizationUrl: null,
    accounts: [],
    failure: null,
  }),
  states: {
    cookies: {
      initial: "checking",
      states: {
        checking: {
          always: [{ guard: "cookiesEnabled", target: "enabled" }, { target: "disabledDialog" }],
        },
        enabled: {},
        disabledDialog: { on: { "cookiesDialog.close": "dismissed" } },
        dismissed: {},
      },
    },
    signIn: {
      initial: "start",
      states: {
        start: {
          always: [
            {
              guard: "hasHandoffToken",
              target: "loadingProvider",
              actions: {
                type: "requestSignIn",
                params: ({ context }) => ({
                  request: { kind: "handoff", token: context.handoffToken! },
                  landing: context.landing,
                }),
              },
            },
            {
              guard: "hasProviderAnswer",
              target: "loadingProvider",
              actions: [
                {
                  type: "requestSignIn",
                  params: ({ context }) => ({ request: { kind: "oidc", answer: context.providerAnswer! }, landing: context.landing }),
                },
                "clearProviderAnswer",
              ],
            },
            { target: "loadingProvider" },
          ],
        },
        loadingProvider: {
          invoke: {
            src: "loadProvider",
            onDone: [
              {
                guard: { type: "isDevelopment", params: ({ event }) => ({ provider: event.output }) },
                target: "ready",
                actions: assign({ provider: ({ event }) => event.output }),
              },
              { target: "initialisingProvider", actions: assign({ provider: ({ event }) => event.output }) },
            ],
            onError: { target: "unavailable", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
          },
        },
        initialisingProvider: {
          invoke: {
            src: "initProvider",
            input: ({ context }) => context.provider!,
            onDone: { target: "ready", actions: assign({ authorizationUrl: ({ event }) => event.output }) },
            onError: { target: "providerFailedDialog", actions: assign({ authorizationUrl: null }) },
          },
        },
        providerFailedDialog: { on: { "providerDialog.close": "providerFailed" } },
        providerFailed: { on: { "login.retry": "initialisingProvider" } },
        unavailable: {
          on: { "login.retry": { target: "loadingProvider", actions: assign({ failure: null }) } },
        },
        ready: {
          // A prepared sign-in lives 15 minutes on the server: a login screen left open prepares another.
          after: { providerSignInRefresh: { guard: not("developmentProvider"), target: "initialisingProvider" } },
          on: {
            "login.chooseAccount": [
              { guard: "developmentProvider", target: "choosingAccount" },
              {
                target: "redirecting",
                actions: {
                  type: "goToProvider",
                  params: ({ context }) => ({ url: context.authorizationUrl!, landing: context.landing }),
                },
              },
            ],
            "login.password": {
              guard: "offersPassword",
              actions: {
                type: "requestSignIn",
                params: ({ context, event }) => ({
                  request: { kind: "password", email: event.email.trim(), password: event.password },
                  landing: context.landing,
                }),
              },
            },
          },
        },
        /** The browser is on its way to the provider. */
        redirecting: {},
        choosingAccount: {
          initial: "loading",
          on: { "login.cancel": { target: "ready", actions: assign({ failure: null }) } },
          states: {
            loading: {
              invoke: {
                src: "loadAccounts",
                onDone: { target: "listing", actions: assign({ accounts: ({ event }) => event.output }) },
                onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
              },
            },
            failed: { on: { "login.retry": { target: "loading", actions: assign({ failure: null }) } } },
            listing: { on: { "login.pickAccount": "issuing" } },
            issuing: {
              invoke: {
                src: "issueDevCredential",
                input: ({ event }) => ({ email: (event as Extract<LoginEvent, { type: "login.pickAccount" }>).email }),
                onDone: {
                  target: "#login.signIn.ready",
                  actions: {
                    type: "requestSignIn",
                    params: ({ context, event }) => ({
                      request: { kind: "account", ...event.output },
                      landing: context.landing,
                    }),
                  },
                },
                onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
              },
            },
          },
        },
      },
    },
  },
});
