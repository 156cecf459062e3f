// Sign-in, sessions, the development provider and the partner hand-off (tag auth, docs/architecture.md).
import type { components } from "../../contract/schema.d.ts";
import { HttpError, INVALID_CREDENTIALS, INVALID_TOKEN, PASSWORD_SIGN_IN_OFF, tooManyRequests, UNKNOWN_STAFF } from "../../contract/errors.ts";
import { accountKey, tooManyFailures } from "../../domain/signInThrottle.ts";
import { audit } from "../audit.repository.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import type { Services } from "../services.ts";
import { UNUSABLE_HASH, verifyPassword } from "./passwords.ts";
import {
  claimHandoffJti,
  findStaffByEmail,
  listStaff,
  openSession,
  revokeSession,
  type SessionRow,
  type UserRow,
} from "./sessions.repository.ts";
import { issueDevIdToken } from "../../domain/signInTokens.ts";
import { verifyPortalHandoff } from "./tokens.ts";
import { claimAttempt, forgetFailures } from "./signInFailures.repository.ts";
import { endWithSessions } from "./sessionEnd.ts";
import { agentChanged, publish } from "../events/events.repository.ts";
import { finishOidcSignIn, startOidcSignIn } from "./oidcSignIn.ts";
import { rulesOf } from "./sessionRules.ts";
import { toUser } from "./userAnswer.ts";

type Session = components["schemas"]["Session"];

function toSession(services: Services, session: SessionRow, user: UserRow, token: string): Session {
  return {
    id: session.id,
    user: toUser(user),
    accessToken: token,
    mycdp_uri: services.config.partnerPortalUrl,
    expiresAt: new Date(session.expires_at).toISOString(),
  };
}

async function signedIn(services: Services, user: UserRow): Promise<Session> {
  const { session, token } = await openSession(services.db, user.id, rulesOf(services), services.now());
  await publish(services.db, agentChanged(user.id));
  return toSession(services, session, user, token);
}

async function staff(services: Services, email: string): Promise<UserRow> {
  const user = await findStaffByEmail(services.db, email);
  if (!user) throw new HttpError(403, UNKNOWN_STAFF);
  return user;
}

/** docs/architecture.md: the development provider exists only without a real one and outside production. */
function requireDevelopmentProvider({ config }: Services): void {
  if (config.oidc || config.production) throw new HttpError(404, "There is no development sign-in provider here");
}

export const authHandlers: Handlers = {
  async signInWithPassword({ body, services, request }) {
    if (!services.config.passwordSignIn) throw new HttpError(404, PASSWORD_SIGN_IN_OFF);
    const account = accountKey(body.email);
    const user = await findStaffByEmail(services.db, body.email);
    const trail = (action: string) => audit(services.db, { userId: user?.id ?? null, action, memberIds: [], address: request.ip });
    // Counted before the password is checked (domain/signInThrottle.ts), in the database every instance shares.
    const attempt = await claimAttempt(services.db, account, services.now());
    if (attempt.locked) {
      await trail("signInWithPassword.throttled");
      throw tooManyRequests(tooManyFailures(attempt.retryAfterSeconds), attempt.retryAfterSeconds);
    }
    // Both paths run scrypt, so the answer time does not tell which accounts exist.
    const matches = await verifyPassword(body.password, user?.password_hash ?? UNUSABLE_HASH);
    if (!user || !user.password_hash || !matches) {
      await trail("signInWithPassword.failed");
      throw new HttpError(401, INVALID_CREDENTIALS);
    }
    await forgetFailures(services.db, account);
    return signedIn(services, user);
  },

  async signIn({ body, services }) {
    const email = await services.verifyIdToken(body.credential);
    if (!email) throw new HttpError(401, INVALID_TOKEN);
    if (body.email !== undefined && body.email.toLowerCase() !== email.toLowerCase()) throw new HttpError(401, INVALID_TOKEN);
    return signedIn(services, await staff(services, email));
  },

  async getSession(call) {
    const { session, user, token } = callerOf(call);
    return toSession(call.services, session, user, token);
  },

  async signOut(call) {
    const { session } = callerOf(call);
    const now = call.services.now();
    // This session's claims and streams end; those of the user's other sessions go on.
    await call.services.db.transaction().execute(async (trx) => {
      await revokeSession(trx, session.id, now);
      await endWithSessions(trx, [session.id], now);
    });
    call.reply.code(204);
    return undefined;
  },

  async cdpLogin({ path, services }) {
    const claims = await verifyPortalHandoff(path.token, services.config.handoff);
    if (!claims || !(await claimHandoffJti(services.db, claims.jti, claims.expiresAt))) throw new HttpError(401, INVALID_TOKEN);
    return signedIn(services, await staff(services, claims.email));
  },

  async getAuthProvider({ services }) {
    const { oidc, passwordSignIn } = services.config;
    return oidc ? { kind: "oidc", clientId: oidc.clientId, issuer: oidc.issuer, passwordSignIn } : { kind: "development", passwordSignIn };
  },

  startOidcSignIn: ({ services, request, reply }) => startOidcSignIn(services, request, reply),

  async finishOidcSignIn({ body, services, request }) {
    return signedIn(services, await finishOidcSignIn(services, request, body));
  },

  async listDevAccounts({ services }) {
    requireDevelopmentProvider(services);
    // Sorted as people read names (the database's collation may differ by engine).
    return (await listStaff(services.db))
      .map(({ email, firstname, lastname, is_admin }) => ({ email, firstname, lastname, isAdmin: is_admin }))
      .sort((a, b) => a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname) || a.email.localeCompare(b.email));
  },

  async issueDevToken({ body, services }) {
    requireDevelopmentProvider(services);
    const user = await staff(services, body.email);
    const profile = { firstname: user.firstname, lastname: user.lastname, picture: user.profile_picture };
    return { credential: await issueDevIdToken(user.email, profile) };
  },
};
