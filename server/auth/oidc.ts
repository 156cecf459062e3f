// The authorization code flow with PKCE, state and nonce against the configured OpenID Connect
// provider, through openid-client (OpenID-certified, by the author of jose): the server is the
// provider's client, so the client secret and the provider's tokens never reach the browser, and
// any provider of the discovery standard works the same (Google, Microsoft Entra ID, Okta).
// The ID token it returns is then checked again by tokens.ts (signature against the key set,
// issuer, audience, email_verified) before anyone is signed in.
import * as client from "openid-client";
import type { OidcConfig } from "../config.ts";

/** The provider could not be reached, or answered in a way no provider should (discovery, token endpoint). */
export class ProviderUnreachable extends Error {}

/** Why the provider's answer was not accepted: each is audited under its own name. */
export type RefusalKind = "providerError" | "codeRefused" | "answerMismatch";
export class SignInRefused extends Error {
  readonly kind: RefusalKind;
  constructor(kind: RefusalKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

export interface BegunSignIn {
  authorizationUrl: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcFlow {
  begin(): Promise<BegunSignIn>;
  /** The provider's ID token for the answer `params` (the redirect's query), checked against what `begin` kept. */
  finish(params: URLSearchParams, expected: { state: string; nonce: string; codeVerifier: string }): Promise<string>;
}

const SCOPE = "openid email profile";
const PROVIDER_TIMEOUT_SECONDS = 10;

export function oidcFlow(oidc: OidcConfig): OidcFlow {
  // config.ts admits plain http only on loopback (a test provider on this machine).
  const insecure = new URL(oidc.issuer).protocol === "http:";
  let latest: client.Configuration | undefined;

  // Discovery on every sign-in that begins: that is when the login screen learns whether the
  // provider can be reached (§2 idpiframe_initialization_failed). The last good one finishes sign-ins.
  async function discover(): Promise<client.Configuration> {
    try {
      latest = await client.discovery(new URL(oidc.issuer), oidc.clientId, { client_secret: oidc.clientSecret }, client.ClientSecretBasic(oidc.clientSecret), {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        execute: insecure ? [client.allowInsecureRequests] : [],
      });
      return latest;
    } catch (error) {
      throw new ProviderUnreachable(`The sign-in provider could not be reached (${(error as Error).message})`);
    }
  }

  return {
    async begin() {
      const configuration = await discover();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: oidc.redirectUrl,
        scope: SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        state,
        nonce,
      });
      return { authorizationUrl: url.href, state, nonce, codeVerifier };
    },

    async finish(params, expected) {
      const configuration = latest ?? (await discover());
      const currentUrl = new URL(oidc.redirectUrl);
      currentUrl.search = params.toString();
      try {
        const tokens = await client.authorizationCodeGrant(
          configuration,
          currentUrl,
          { pkceCodeVerifier: expected.codeVerifier, expectedState: expected.state, expectedNonce: expected.nonce, idTokenExpected: true },
          { redirect_uri: oidc.redirectUrl },
        );
        if (!tokens.id_token) throw new SignInRefused("answerMismatch", "The sign-in provider sent no ID token.");
        return tokens.id_token;
      } catch (error) {
        throw classify(error);
      }
    },
  };
}

/** What went wrong, in words a person at the login screen can act on. */
function classify(error: unknown): Error {
  if (error instanceof SignInRefused) return error;
  if (error instanceof client.AuthorizationResponseError) {
    return new SignInRefused("providerError", `The sign-in provider did not sign you in (${error.error_description || error.error}).`);
  }
  if (error instanceof client.ResponseBodyError) {
    return new SignInRefused("codeRefused", "The sign-in provider refused this sign-in: it was already used or has expired. Sign in again.");
  }
  if (error instanceof client.ClientError && !["OAUTH_RESPONSE_IS_NOT_CONFORM", "OAUTH_RESPONSE_IS_NOT_JSON"].includes(error.code ?? "")) {
    return new SignInRefused("answerMismatch", "The sign-in provider's answer does not match this sign-in. Sign in again.");
  }
  return new ProviderUnreachable(`The sign-in provider could not be reached (${(error as Error).message})`);
}
