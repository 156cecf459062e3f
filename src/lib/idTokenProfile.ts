// §3 Sign-in payload (account sign-in): email, firstName and profilePicture, "taken from the
// provider's profile". An OpenID Connect provider gives its profile as the standard claims of the
// ID token it hands the browser (email, given_name, picture). The browser only reads them: the
// server verifies the token and trusts nothing else (docs/architecture.md, Sign-in).
import { decodeJwt } from "jose";

export interface ProviderProfile {
  email?: string;
  firstName?: string;
  profilePicture?: string;
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

/** The profile claims of an ID token (throws if it is not a JWT); a claim the token lacks stays out. */
export function profileOfIdToken(credential: string): ProviderProfile {
  const claims = decodeJwt(credential);
  const profile: ProviderProfile = {
    email: text(claims.email),
    firstName: text(claims.given_name),
    profilePicture: text(claims.picture),
  };
  return Object.fromEntries(Object.entries(profile).filter(([, value]) => value !== undefined));
}
