// The session's side of the composition root: the auth actor, with its session kept in the
// browser (sessionStore.ts) and its navigation, and the login screen's machine, with the trip to
// the OpenID Connect provider and back.
import { createActor, fromPromise } from "xstate";
import type { ApiClient } from "../api/client";
import { authMachine } from "../machines/auth/auth.machine";
import { createAuthActors } from "../machines/auth/auth.actors";
import { loginMachine } from "../machines/login/login.machine";
import { createLoginActors } from "../machines/login/login.actors";
import { rememberLanding } from "./providerLanding";
import { sessionStore } from "./sessionStore";

type ActorOptions = NonNullable<Parameters<typeof createActor>[1]>;

export function createAuthActor(api: ApiClient, navigate: (to: string) => void, inspect: ActorOptions["inspect"]) {
  return createActor(
    authMachine.provide({
      actors: { ...createAuthActors(api), readPersistedSession: fromPromise(async () => sessionStore.read()) },
      actions: {
        rememberSession: (_, { session }) => sessionStore.write(session),
        forgetSession: () => sessionStore.clear(),
        navigate: (_, { to }) => navigate(to),
      },
    }),
    { inspect },
  );
}

type AuthActor = ReturnType<typeof createAuthActor>;

export function provideLoginMachine(api: ApiClient, auth: AuthActor) {
  return loginMachine.provide({
    actors: createLoginActors(api),
    actions: {
      requestSignIn: (_, { request, landing }) => auth.send({ type: "auth.signIn", request, landing }),
      goToProvider: (_, { url, landing }) => {
        rememberLanding(landing);
        window.location.assign(url);
      },
      // Replaced, not pushed: Back never returns to an answer that was used.
      clearProviderAnswer: () => window.history.replaceState(null, "", "/"),
    },
  });
}
