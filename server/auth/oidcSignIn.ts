// Signing in through the configured OpenID Connect provider (docs/architecture.md, Sign-in): the
// handlers of POST /auth/oidc/start and /auth/oidc/finish. The server begins the flow, keeps what
// the answer is checked against, redeems the code and decides who may sign in; every refusal is
// audited under its own action name.
import { randomBytes } from "node:crypto";
import { parseCookie, stringifySetCookie } from "cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { components } from "../../contract/schema.d.ts";
import { HttpError, INVALID_TOKEN, NO_OIDC_PROVIDER, OIDC_DOMAIN_REFUSED, OIDC_SIGN_IN_UNKNOWN, UNKNOWN_STAFF } from "../../contract/errors.ts";
import { audit } from "../audit.repository.ts";
import type { Services } from "../services.ts";
import { ProviderUnreachable, SignInRefused, type OidcFlow } from "./oidc.ts";
import { beginSignIn, takeSignIn } from "./oidcSignIns.repository.ts";
import { findStaffByEmail, type UserRow } from "./sessions.repository.ts";

type OidcAnswer = components["schemas"]["OidcAnswer"];

/** The browser's binding: HttpOnly, so the page's scripts never hold it; sent to the sign-in calls only. */
export const BROWSER_COOKIE = "recall_desk_oidc";
const COOKIE_PATH = "/api/auth/oidc/";
/** Long enough to type a password and pass a second factor at the provider. */
const SIGN_IN_LIFETIME_MS = 15 * 60_000;
const COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;

function flowOf(services: Services): OidcFlow {
  if (!services.oidc) throw new HttpError(404, NO_OIDC_PROVIDER);
  return services.oidc;
}

function browserOf(request: FastifyRequest): string | undefined {
  return parseCookie(request.headers.cookie ?? "")[BROWSER_COOKIE] || undefined;
}

/** One binding per browser, kept while it lasts, so that sign-ins begun in two tabs both finish. */
function bindBrowser(request: FastifyRequest, reply: FastifyReply): string {
  const browser = browserOf(request) ?? randomBytes(32).toString("base64url");
  reply.header(
    "set-cookie",
    stringifySetCookie(BROWSER_COOKIE, browser, {
      httpOnly: true,
      // Sent on the app's own calls after the provider sends the browser back (a same-site fetch).
      sameSite: "strict",
      secure: request.protocol === "https",
      path: COOKIE_PATH,
      maxAge: COOKIE_MAX_AGE_SECONDS,
    }),
  );
  return browser;
}

function unreachable(error: unknown): never {
  if (error instanceof ProviderUnreachable) throw new HttpError(502, "The sign-in provider could not be reached");
  throw error;
}

export async function startOidcSignIn(services: Services, request: FastifyRequest, reply: FastifyReply) {
  const flow = flowOf(services);
  const begun = await flow.begin().catch(unreachable);
  const browser = bindBrowser(request, reply);
  const now = services.now();
  await beginSignIn(
    services.db,
    { state: begun.state, browser, nonce: begun.nonce, codeVerifier: begun.codeVerifier, expiresAt: new Date(now.getTime() + SIGN_IN_LIFETIME_MS) },
    now,
  );
  return { authorizationUrl: begun.authorizationUrl };
}

/** The staff member the provider's answer signs in, or an audited refusal. */
export async function finishOidcSignIn(services: Services, request: FastifyRequest, answer: OidcAnswer): Promise<UserRow> {
  const flow = flowOf(services);
  const refuse = async (action: string, status: number, message: string, userId: number | null = null): Promise<never> => {
    await audit(services.db, { userId, action: `finishOidcSignIn.${action}`, memberIds: [], address: request.ip });
    throw new HttpError(status, message);
  };
  const browser = browserOf(request);
  const pending = browser ? await takeSignIn(services.db, answer.state, browser, services.now()) : undefined;
  if (!pending) return refuse("unknownState", 401, OIDC_SIGN_IN_UNKNOWN);

  const params = new URLSearchParams(Object.entries(answer).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  let idToken: string;
  try {
    idToken = await flow.finish(params, { state: answer.state, ...pending });
  } catch (error) {
    if (error instanceof SignInRefused) return refuse(error.kind, 401, error.message);
    return unreachable(error);
  }
  // Checked again on its own, as any ID token: signature against the key set, issuer, audience, email_verified.
  const email = await services.verifyIdToken(idToken);
  if (!email) return refuse("tokenRefused", 401, INVALID_TOKEN);
  const user = await findStaffByEmail(services.db, email);
  const { allowedDomain } = services.config.oidc!;
  if (allowedDomain && email.toLowerCase().split("@").pop() !== allowedDomain) return refuse("domainRefused", 403, OIDC_DOMAIN_REFUSED, user?.id ?? null);
  if (!user) return refuse("unknownStaff", 403, UNKNOWN_STAFF);
  await audit(services.db, { userId: user.id, action: "finishOidcSignIn", memberIds: [], address: request.ip });
  return user;
}
