// The tokens a sign-in rests on (docs/architecture.md, Sign-in and Partner-portal hand-off), verified the
// same way by both backends with jose: algorithm, issuer, audience and expiry always; hand-off
// tokens also their age and a single-use `jti` (which the caller remembers).
import { errors, jwtVerify, SignJWT, type JWTPayload, type JWTVerifyGetKey } from "jose";

const encoder = new TextEncoder();

/**
 * The development provider's ID tokens: public development values, never accepted in production
 * (the server refuses to start with them there; the fake backend never ships in a production build).
 */
export const DEV_PROVIDER = {
  issuer: "https://dev-provider.recalldesk.example",
  audience: "recall-desk",
  key: encoder.encode("recall-desk development provider key, 32+ bytes"),
  lifetime: "10m",
};

/** The partner portal's names and HS256 secret outside production. */
export const DEV_HANDOFF = {
  issuer: "https://portal.recalldesk.example",
  audience: "recall-desk",
  secret: "recall-desk development hand-off secret, 32+ bytes",
};

/** openapi.yaml cdpLogin: hand-off tokens are short-lived; one older than this is refused whatever its exp. */
const HANDOFF_MAX_AGE = "10m";

/** Who a development ID token is for, beyond the e-mail: what a provider's profile tells. */
export interface DevProfile {
  firstname: string;
  lastname: string;
  /** The picture's URL; '' when there is none. */
  picture: string;
}

/**
 * The development provider's ID token, with the standard OpenID Connect profile claims a real
 * provider puts in its tokens (given_name, family_name, name, picture): the login screen takes
 * the specification's sign-in payload (email, firstName, profilePicture) from them, as it would
 * from a real provider's token.
 */
export function issueDevIdToken(email: string, profile?: DevProfile): Promise<string> {
  const claims = profile
    ? {
        given_name: profile.firstname,
        family_name: profile.lastname,
        name: `${profile.firstname} ${profile.lastname}`,
        ...(profile.picture ? { picture: profile.picture } : {}),
      }
    : {};
  return new SignJWT({ email, email_verified: true, ...claims })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(DEV_PROVIDER.issuer)
    .setAudience(DEV_PROVIDER.audience)
    .setSubject(email)
    .setJti(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime(DEV_PROVIDER.lifetime)
    .sign(DEV_PROVIDER.key);
}

/**
 * An ID token proves an e-mail only when the provider says it verified it: `email_verified`, or
 * Microsoft Entra ID's optional claim `xms_edov` (the e-mail's domain is verified as the tenant's),
 * since Entra ID tokens carry no `email_verified` (docs/operations.md).
 */
export function verifiedEmail(payload: JWTPayload): string | undefined {
  const verified = payload.email_verified === true || payload.xms_edov === true;
  return verified && typeof payload.email === "string" ? payload.email : undefined;
}

/** Token errors (bad signature, expired, wrong audience...) mean "not signed in", anything else is a fault. */
export function refusal(error: unknown): undefined {
  if (error instanceof errors.JOSEError) return undefined;
  throw error;
}

/** The verified e-mail of a development provider's ID token, or undefined. */
export async function verifyDevIdToken(token: string): Promise<string | undefined> {
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
}

export interface HandoffClaims {
  email: string;
  jti: string;
  /** When the token stops being acceptable: its jti is remembered until then. */
  expiresAt: Date;
}

export interface HandoffVerification {
  issuer: string;
  audience: string;
  /** The portal's key set (asymmetric algorithms) or its HS256 secret. */
  key: JWTVerifyGetKey | Uint8Array;
  algorithms: string[];
}

/** The claims of a valid hand-off token (single use is the caller's: it remembers the jti). */
export async function verifyHandoffToken(token: string, { issuer, audience, key, algorithms }: HandoffVerification): Promise<HandoffClaims | undefined> {
  const rules = { issuer, audience, algorithms, maxTokenAge: HANDOFF_MAX_AGE, requiredClaims: ["jti", "exp", "iat", "email"] };
  try {
    const { payload } = key instanceof Uint8Array ? await jwtVerify(token, key, rules) : await jwtVerify(token, key, rules);
    if (typeof payload.email !== "string" || !payload.jti || !payload.exp) return undefined;
    return { email: payload.email, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
  } catch (error) {
    return refusal(error);
  }
}
