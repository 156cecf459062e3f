// The login screen's effects: which sign-in provider is configured, its script, and the development
// provider's account chooser and ID tokens (openapi.yaml tag auth).
import { fromPromise } from "xstate";
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import { profileOfIdToken } from "../../lib/idTokenProfile";
import { PROVIDER_INIT_FAILED, type AuthProvider } from "./login.machine";

export function createLoginActors(api: ApiClient) {
  return {
    loadProvider: fromApiCall((_, signal) => unwrap(api.GET("/auth/provider", { signal }))),
    // The server reads the provider's discovery document and prepares the sign-in (PKCE, state,
    // nonce); any failure is the provider failing to initialise, which opens the specified dialog.
    initProvider: fromPromise<string, AuthProvider>(async ({ signal }) => {
      try {
        return (await unwrap(api.POST("/auth/oidc/start", { signal }))).authorizationUrl;
      } catch (error) {
        throw Object.assign(new Error("The account sign-in provider could not start.", { cause: error }), { name: PROVIDER_INIT_FAILED });
      }
    }),
    loadAccounts: fromApiCall((_, signal) => unwrap(api.GET("/auth/dev/accounts", { signal }))),
    // As with a real provider, the profile comes with the token: its claims.
    issueDevCredential: fromApiCall(async (input: { email: string }, signal) => {
      const { credential } = await unwrap(api.POST("/auth/dev/token", { body: { email: input.email }, signal }));
      return { credential, ...profileOfIdToken(credential) };
    }),
  };
}
