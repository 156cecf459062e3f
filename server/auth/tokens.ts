// ID tokens (OpenID Connect provider or the development provider) and partner hand-off tokens,
// verified with jose: algorithms, issuer, audience, expiry always; hand-off also maxTokenAge and jti.
import { createRemoteJWKSet, errors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import type { OidcConfig, ServerConfig } from "../config.ts";

/**
 * The development provider's key and names (DESIGN.md §3). Public development values shared with
 * the fake backend (mocks/tokens.ts); the provider refuses to run when NODE_ENV=production.
 */
export const DEV_PROVIDER = {
  issuer: "https://dev-provider.recalldesk.example",
  audience: "recall-desk",
  key: new TextEncoder().encode("recall-desk development provider key, 32+ bytes"),
  lifetime: "10m",
};

/** The asymmetric algorithms accepted from a key set (never HS256: a key set's keys are public). */
const KEY_SET_ALGORITHMS = ["RS256", "ES256", "PS256", "EdDSA"];

/** openapi.yaml cdpLogin: hand-off tokens are short-lived; one older than this is refused whatever its exp. */
const HANDOFF_MAX_AGE = "10m";

export function issueDevIdToken(email: string): Promise<string> {
  return new SignJWT({ email, email_verified: true })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(DEV_PROVIDER.issuer)
    .setAudience(DEV_PROVIDER.audience)
    .setSubject(email)
    .setJti(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime(DEV_PROVIDER.lifetime)
    .sign(DEV_PROVIDER.key);
}

export type IdTokenVerifier = (token: string) => Promise<string | undefined>;

function verifiedEmail(payload: JWTPayload): string | undefined {
  return payload.email_verified === true && typeof payload.email === "string" ? payload.email : undefined;
}

/** Token errors (bad signature, expired, wrong audience...) mean "not signed in", anything else is a fault. */
function refusal(error: unknown): undefined {
  if (error instanceof errors.JOSEError) return undefined;
  throw error;
}

/**
 * The verified e-mail of an ID token of the configured provider, or undefined. Without one, the
 * development provider's, except in production (loadConfig refuses that too): its key is public.
 */
export function idTokenVerifier(oidc: OidcConfig | undefined, production: boolean): IdTokenVerifier {
  if (!oidc && production) return async () => undefined;
  if (!oidc) {
    return async (token) => {
      try {
        const { payload } = await jwtVerify(token, DEV_PROVIDER.key, {
          algorithms: ["HS256"],
          issuer: DEV_PROVIDER.issuer,
          audience: DEV_PROVIDER.audience,
          requiredClaims: ["email", "exp"],
        });
        return verifiedEmail(payload);
      } catch (error) {
        return refusal(error);
      }
    };
  }
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

export interface HandoffClaims {
  email: string;
  jti: string;
  /** When the token stops being acceptable: its jti is remembered until then. */
  expiresAt: Date;
}

/** One remote key set per URL, so its keys are fetched once and then cached (jose). */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySetOf(url: string) {
  let keySet = keySets.get(url);
  if (!keySet) keySets.set(url, (keySet = createRemoteJWKSet(new URL(url))));
  return keySet;
}

/** The claims of a valid hand-off token (single use is the caller's: it remembers the jti). */
export async function verifyHandoffToken(token: string, handoff: ServerConfig["handoff"]): Promise<HandoffClaims | undefined> {
  const rules = {
    issuer: handoff.issuer,
    audience: handoff.audience,
    maxTokenAge: HANDOFF_MAX_AGE,
    requiredClaims: ["jti", "exp", "iat", "email"],
  };
  try {
    // loadConfig sets exactly one of the portal's key set and its HS256 secret.
    const { payload } = handoff.jwksUrl
      ? await jwtVerify(token, keySetOf(handoff.jwksUrl), { ...rules, algorithms: KEY_SET_ALGORITHMS })
      : await jwtVerify(token, handoff.secret!, { ...rules, algorithms: ["HS256"] });
    if (typeof payload.email !== "string" || !payload.jti || !payload.exp) return undefined;
    return { email: payload.email, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
  } catch (error) {
    return refusal(error);
  }
}
