// The auth machine's calls (openapi.yaml tag auth): the session, the three ways in, signing out.
// The stored session is read by src/app (sessionStore.ts), not through the API.
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import type { Session, SignInRequest } from "./auth.machine";

function signIn(api: ApiClient, request: SignInRequest, signal: AbortSignal) {
  switch (request.kind) {
    case "account": {
      const { kind: _kind, ...body } = request;
      return unwrap(api.POST("/sessions", { params: { query: { jwt: 1 } }, body, signal }));
    }
    case "oidc":
      return unwrap(api.POST("/auth/oidc/finish", { body: request.answer, signal }));
    case "handoff":
      return unwrap(api.GET("/sessions/cdpLogin/{token}", { params: { path: { token: request.token } }, signal }));
    case "password":
      return unwrap(
        api.POST("/sessions/login", {
          params: { query: { jwt: 1 } },
          body: { email: request.email, password: request.password },
          signal,
        }),
      );
  }
}

export function createAuthActors(api: ApiClient) {
  return {
    loadSession: fromApiCall<Session | null, { token: string }>((_, signal) => unwrap(api.GET("/sessions", { signal }))),
    signIn: fromApiCall((request: SignInRequest, signal) => signIn(api, request, signal)),
    signOut: fromApiCall<void, { token: string }>(async (_, signal) => {
      await unwrap(api.DELETE("/sessions", { signal }));
    }),
  };
}
