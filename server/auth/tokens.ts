// ID tokens (an OpenID Connect provider's, or the development provider's) and partner hand-off
// tokens, verified with jose by the rules of domain/signInTokens.ts, with the server's keys.
import { createRemoteJWKSet, jwtVerify } from "jose";
import { refusal, verifiedEmail, verifyDevIdToken, verifyHandoffToken, type HandoffClaims } from "../../domain/signInTokens.ts";
import type { OidcConfig, ServerConfig } from "../config.ts";

/** The asymmetric algorithms accepted from a key set (never HS256: a key set's keys are public). */
const KEY_SET_ALGORITHMS = ["RS256", "ES256", "PS256", "EdDSA"];

export type IdTokenVerifier = (token: string) => Promise<string | undefined>;

/**
 * The verified e-mail of an ID token of the configured provider, or undefined. Without one, the
 * development provider's, except in production (loadConfig refuses that too): its key is public.
 */
export function idTokenVerifier(oidc: OidcConfig | undefined, production: boolean): IdTokenVerifier {
  if (!oidc && production) return async () => undefined;
  if (!oidc) return verifyDevIdToken;
  const keys = createRemoteJWKSet(new URL(oidc.jwksUrl));
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, keys, {
        algorithms: KEY_SET_ALGORITHMS,
        issuer: oidc.issuer,
        audience: oidc.clientId,
        requiredClaims: ["email", "exp", "iat"],
      });
      return verifiedEmail(payload);
    } catch (error) {
      return refusal(error);
    }
  };
}

/** One remote key set per URL, so its keys are fetched once and then cached (jose). */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySetOf(url: string) {
  let keySet = keySets.get(url);
  if (!keySet) keySets.set(url, (keySet = createRemoteJWKSet(new URL(url))));
  return keySet;
}

/** The claims of a valid hand-off token, with the portal's key set or secret (loadConfig sets exactly one). */
export function verifyPortalHandoff(token: string, handoff: ServerConfig["handoff"]): Promise<HandoffClaims | undefined> {
  const { issuer, audience } = handoff;
  return handoff.jwksUrl
    ? verifyHandoffToken(token, { issuer, audience, key: keySetOf(handoff.jwksUrl), algorithms: KEY_SET_ALGORITHMS })
    : verifyHandoffToken(token, { issuer, audience, key: handoff.secret!, algorithms: ["HS256"] });
}
