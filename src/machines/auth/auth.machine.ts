// Sign-in, the session and the global alert (specification §4 "Sign-in", "Session load",
// "Logout", "Error handling", "Persistence"; §8). Effects are named here and provided by src/app.
// A session that ends because an administrator disabled the account is told apart from an expiry:
// the sign-in screen says why ("Your access was ended by an administrator."); an expiry signs out
// as §8 has it, without a word.
import { assign, setup } from "xstate";
import { notProvided } from "../notProvided";
import { type ApiFailure, isAccessEnded, isSessionExpired, toFailure } from "../../api/errors";
import type { components } from "../../../contract/schema";
import { PERSIST_TIMEOUT_MS } from "../../lib/constants";
import { landingPath, type Landing } from "./landing";

export type Session = components["schemas"]["Session"];

/**
 * §3/§7 account sign-in: the provider's ID token as `credential`, with the sign-in payload taken
 * from the provider's profile (email, firstName, profilePicture).
 */
export interface AccountCredential {
  credential: string;
  email?: string;
  firstName?: string;
  profilePicture?: string;
}

/**
 * The ways in: the development provider's ID token, the OpenID Connect provider's answer (the
 * server redeems it), the partner hand-off, a local account.
 */
export type SignInRequest =
  | ({ kind: "account" } & AccountCredential)
  | { kind: "oidc"; answer: components["schemas"]["OidcAnswer"] }
  | { kind: "handoff"; token: string }
  | { kind: "password"; email: string; password: string };


export interface AuthContext {
  session: Session | null;
  alert: ApiFailure | null;
  /** Where the sign-in in progress lands. */
  landing: Landing;
}

export type AuthEvent =
  | { type: "auth.signIn"; request: SignInRequest; landing: Landing }
  | { type: "auth.logout" }
  | { type: "auth.sessionChanged"; session: Session }
  /** An answer ended the session: that answer, which says whether an administrator ended it. */
  | { type: "session.expired"; failure?: ApiFailure }
  | { type: "auth.failure"; failure: ApiFailure }
  | { type: "alert.clear" };

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    /** The auth part of the state kept in browser storage, if any (and its login cookie alive). */
    readPersistedSession: notProvided<Session | null>("readPersistedSession"),
    loadSession: notProvided<Session | null, { token: string }>("loadSession"),
    signIn: notProvided<Session, SignInRequest>("signIn"),
    signOut: notProvided<void, { token: string }>("signOut"),
  },
  actions: {
    /** Keeps the session in browser storage and sets the login cookie (7 days). */
    rememberSession: (_, _params: { session: Session }) => {},
    /** Clears the login cookie and the stored session. */
    forgetSession: () => {},
    navigate: (_, _params: { to: string }) => {},
    clearAlert: assign({ alert: null }),
    /** The sign-in screen says why the session ended when an administrator ended it. */
    sayWhySignedOut: assign({ alert: ({ context }, params: { failure: ApiFailure | undefined }) => (params.failure && isAccessEnded(params.failure) ? params.failure : context.alert) }),
  },
  guards: {
    hasId: (_, params: { session: Session | null }) => Boolean(params.session?.id),
    endsSession: (_, params: { failure: ApiFailure }) => isSessionExpired(params.failure),
  },
  delays: {
    persistTimeout: PERSIST_TIMEOUT_MS,
  },
}).createMachine({
  id: "auth",
  context: { session: null, alert: null, landing: "defaultPage" },
  initial: "restoring",
  on: {
    "alert.clear": { actions: "clearAlert" },
  },
  states: {
    restoring: {
      invoke: {
        src: "readPersistedSession",
        onDone: [
          {
            guard: { type: "hasId", params: ({ event }) => ({ session: event.output }) },
            target: "loadingSession",
            actions: assign({ session: ({ event }) => event.output }),
          },
          { target: "signedOut" },
        ],
        onError: { target: "signedOut", actions: "forgetSession" },
      },
      after: { persistTimeout: { target: "signedOut" } },
    },
    loadingSession: {
      invoke: {
        src: "loadSession",
        input: ({ context }) => ({ token: context.session?.accessToken ?? "" }),
        onDone: [
          {
            guard: { type: "hasId", params: ({ event }) => ({ session: event.output }) },
            target: "signedIn",
            actions: [
              assign({ session: ({ event }) => event.output }),
              { type: "rememberSession", params: ({ event }) => ({ session: event.output! }) },
            ],
          },
          { target: "signedOut", actions: ["forgetSession", assign({ session: null })] },
        ],
        onError: {
          target: "signedOut",
          actions: ["forgetSession", assign({ session: null }), { type: "sayWhySignedOut", params: ({ event }) => ({ failure: toFailure(event.error) }) }],
        },
      },
    },
    signedOut: {
      on: {
        "auth.signIn": { target: "signingIn", actions: assign({ landing: ({ event }) => event.landing }) },
        "auth.failure": { actions: assign({ alert: ({ event }) => event.failure }) },
      },
    },
    signingIn: {
      invoke: {
        src: "signIn",
        input: ({ event }) => (event as Extract<AuthEvent, { type: "auth.signIn" }>).request,
        onDone: {
          target: "signedIn",
          actions: [
            "clearAlert",
            assign({ session: ({ event }) => event.output }),
            { type: "rememberSession", params: ({ event }) => ({ session: event.output }) },
            {
              type: "navigate",
              params: ({ event, context }) => ({ to: landingPath(context.landing, event.output.user.defaultPage) }),
            },
          ],
        },
        onError: { target: "signedOut", actions: assign({ alert: ({ event }) => toFailure(event.error) }) },
      },
    },
    signedIn: {
      on: {
        // A partner hand-off while signed in replaces the session with the handed-over user's.
        "auth.signIn": { target: "signingIn", actions: assign({ landing: ({ event }) => event.landing }) },
        "auth.logout": { target: "signingOut" },
        "session.expired": {
          target: "signedOut",
          actions: ["forgetSession", assign({ session: null }), { type: "sayWhySignedOut", params: ({ event }) => ({ failure: event.failure }) }],
        },
        "auth.sessionChanged": {
          actions: [
            assign({ session: ({ event }) => event.session }),
            { type: "rememberSession", params: ({ event }) => ({ session: event.session }) },
          ],
        },
        "auth.failure": [
          {
            guard: { type: "endsSession", params: ({ event }) => ({ failure: event.failure }) },
            target: "signedOut",
            actions: ["forgetSession", assign({ session: null }), { type: "sayWhySignedOut", params: ({ event }) => ({ failure: event.failure }) }],
          },
          { actions: assign({ alert: ({ event }) => event.failure }) },
        ],
      },
    },
    signingOut: {
      invoke: {
        src: "signOut",
        input: ({ context }) => ({ token: context.session?.accessToken ?? "" }),
        // The server call comes first (§4 Logout); the local session ends whatever it answers.
        onDone: { target: "signedOut", actions: ["forgetSession", assign({ session: null })] },
        onError: { target: "signedOut", actions: ["forgetSession", assign({ session: null })] },
      },
    },
  },
});
