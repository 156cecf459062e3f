// Signed tokens of the fake backend, verified the way the server verifies them (jose: algorithm,
// issuer, audience, expiry, single-use jti). The secrets are public development values: the mock
// never runs in production (scripts/check-bundle.ts).
import { jwtVerify, SignJWT } from "jose";

const encoder = new TextEncoder();

/** The development sign-in provider's ID tokens (DESIGN.md §3). */
export const DEV_PROVIDER = {
  issuer: "https://dev-provider.recalldesk.example",
  audience: "recall-desk",
  key: encoder.encode("recall-desk development provider key, 32+ bytes"),
  lifetime: "10m",
};

/** The partner portal's hand-off tokens (HS256 shared secret, short expiry, single use). */
export const PARTNER_HANDOFF = {
  issuer: "https://portal.recalldesk.example",
  audience: "recall-desk",
  key: encoder.encode("recall-desk development hand-off secret, 32+ bytes"),
  lifetime: "5m",
  maxAge: "10m",
};

type Issuer = typeof DEV_PROVIDER | typeof PARTNER_HANDOFF;

export async function signToken(issuer: Issuer, email: string, claims: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT({ email, ...claims })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(issuer.issuer)
    .setAudience(issuer.audience)
    .setSubject(email)
    .setJti(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime(issuer.lifetime)
    .sign(issuer.key);
}

export async function issueDevIdToken(email: string): Promise<string> {
  return signToken(DEV_PROVIDER, email, { email_verified: true });
}

/** The verified e-mail of a development ID token, or undefined when the token is not valid. */
export async function verifyDevIdToken(token: string): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, DEV_PROVIDER.key, {
      algorithms: ["HS256"],
      issuer: DEV_PROVIDER.issuer,
      audience: DEV_PROVIDER.audience,
      requiredClaims: ["email", "exp"],
    });
    return payload.email_verified === true && typeof payload.email === "string" ? payload.email : undefined;
  } catch {
    return undefined;
  }
}

/** The e-mail of a hand-off token on its first use; undefined when invalid, expired or reused. */
export async function redeemHandoffToken(token: string, usedJtis: Set<string>): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, PARTNER_HANDOFF.key, {
      algorithms: ["HS256"],
      issuer: PARTNER_HANDOFF.issuer,
      audience: PARTNER_HANDOFF.audience,
      maxTokenAge: PARTNER_HANDOFF.maxAge,
      requiredClaims: ["jti", "exp", "iat", "email"],
    });
    if (!payload.jti || usedJtis.has(payload.jti)) return undefined;
    usedJtis.add(payload.jti);
    return typeof payload.email === "string" ? payload.email : undefined;
  } catch {
    return undefined;
  }
}
