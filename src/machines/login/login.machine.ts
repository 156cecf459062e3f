// The login screen (§2): the account sign-in button (the configured provider, or the development
// provider's account chooser), automatic sign-in with a `token` in the address, the dialog for a
// provider that fails to initialise, and the cookies-disabled modal. Signing in itself is the auth
// machine's business: this machine asks for it with `requestSignIn`.
import { assign, setup } from "xstate";
import { notProvided } from "../notProvided";
import { type ApiFailure, toFailure } from "../../api/errors";
import type { components } from "../../api/schema";
import type { AccountCredential, SignInRequest } from "../auth/auth.machine";
import type { Landing } from "../auth/landing";

type Schemas = components["schemas"];
export type AuthProvider = Schemas["AuthProvider"];
export type DevAccount = Schemas["DevAccount"];

/** §2: the error name of a sign-in provider that fails to initialise in the browser. */
export const PROVIDER_INIT_FAILED = "idpiframe_initialization_failed";

export interface LoginInput {
  cookiesEnabled: boolean;
  /** A partner hand-off token found in the address (`?token=`). */
  handoffToken: string | null;
  landing: Landing;
}

export interface LoginContext {
  cookiesEnabled: boolean;
  landing: Landing;
  handoffToken: string | null;
  provider: AuthProvider | null;
  accounts: DevAccount[];
  failure: ApiFailure | null;
}

export type LoginEvent =
  | { type: "login.chooseAccount" }
  | { type: "login.pickAccount"; email: string }
  | { type: "login.cancel" }
  | { type: "login.retry" }
  | ({ type: "login.providerCredential" } & AccountCredential)
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
    /** Loads and initialises the account provider's script; rejects with PROVIDER_INIT_FAILED. */
    initProvider: notProvided<void, AuthProvider>("initProvider"),
    loadAccounts: notProvided<DevAccount[]>("loadAccounts"),
    /** The development provider's ID token for the chosen account, with its profile (§3 sign-in payload). */
    issueDevCredential: notProvided<AccountCredential, { email: string }>("issueDevCredential"),
  },
  actions: {
    requestSignIn: (_, _params: { request: SignInRequest; landing: Landing }) => {},
  },
  guards: {
    cookiesEnabled: ({ context }) => context.cookiesEnabled,
    hasHandoffToken: ({ context }) => context.handoffToken !== null,
    isDevelopment: (_, params: { provider: AuthProvider }) => params.provider.kind === "development",
  },
}).createMachine({
  id: "login",
  type: "parallel",
  context: ({ input }) => ({
    cookiesEnabled: input.cookiesEnabled,
    landing: input.landing,
    handoffToken: input.handoffToken,
    provider: null,
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
            onDone: "ready",
            onError: "providerFailedDialog",
          },
        },
        providerFailedDialog: { on: { "providerDialog.close": "providerFailed" } },
        providerFailed: { on: { "login.retry": "initialisingProvider" } },
        unavailable: {
          on: { "login.retry": { target: "loadingProvider", actions: assign({ failure: null }) } },
        },
        ready: {
          on: {
            "login.chooseAccount": "choosingAccount",
            "login.providerCredential": {
              actions: {
                type: "requestSignIn",
                params: ({ context, event }) => ({
                  request: {
                    kind: "account",
                    credential: event.credential,
                    email: event.email,
                    firstName: event.firstName,
                    profilePicture: event.profilePicture,
                  },
                  landing: context.landing,
                }),
              },
            },
          },
        },
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
