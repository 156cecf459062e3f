// Sign-in, sessions and the development provider (tag auth), with the server's rules.
import { HttpError, INVALID_CREDENTIALS, INVALID_TOKEN, NO_OIDC_PROVIDER, tooManyRequests, UNKNOWN_STAFF } from "../../contract/errors.ts";
import { accountKey, countAttempt, tooManyFailures } from "../../domain/signInThrottle.ts";
import { HttpResponse } from "msw";
import { caller, createApi, emptyAnswer } from "../api";
import type { MockDb, User } from "../db/createMockDb";
import { openSession, toSession } from "../db/sessions";
import { endWithSession } from "../db/sessionEnd";
import { agentChanged } from "../board/board";
import { DEV_HANDOFF, issueDevIdToken, verifyDevIdToken, verifyHandoffToken } from "../../domain/signInTokens.ts";

/** The fake backend trusts the portal's development secret, as the server does outside production. */
const HANDOFF = {
  issuer: DEV_HANDOFF.issuer,
  audience: DEV_HANDOFF.audience,
  key: new TextEncoder().encode(DEV_HANDOFF.secret),
  algorithms: ["HS256"],
};

export function authHandlers(db: MockDb) {
  const api = createApi(db);
  /** A disabled account signs in no way (staff administration). */
  const enabledUsers = () => db.users.filter((user) => !db.disabledUsers.has(user.id));
  const staffByEmail = (email: string): User => {
    const user = enabledUsers().find((candidate) => candidate.email.toLowerCase() === email.toLowerCase());
    if (!user) throw new HttpError(403, UNKNOWN_STAFF);
    return user;
  };
  const signedIn = (user: User) => {
    const session = openSession(db.sessions, user);
    agentChanged(db, user.id);
    return HttpResponse.json(toSession(session, user));
  };

  return [
    api.post("/sessions/login", ({ body }) => {
      const account = accountKey(body.email);
      const attempt = countAttempt(db.signInFailures.get(account), db.now().getTime());
      if (attempt.locked) throw tooManyRequests(tooManyFailures(attempt.retryAfterSeconds), attempt.retryAfterSeconds);
      db.signInFailures.set(account, attempt.counted);
      const user = enabledUsers().find((candidate) => candidate.email.toLowerCase() === body.email.toLowerCase());
      if (!user || db.passwords.get(user.email) !== body.password) throw new HttpError(401, INVALID_CREDENTIALS);
      db.signInFailures.delete(account);
      return signedIn(user);
    }),

    api.post("/sessions", async ({ body }) => {
      const email = await verifyDevIdToken(body.credential);
      if (!email) throw new HttpError(401, INVALID_TOKEN);
      if (body.email && body.email.toLowerCase() !== email.toLowerCase()) throw new HttpError(401, INVALID_TOKEN);
      return signedIn(staffByEmail(email));
    }),

    api.get("/sessions", (context) => {
      const { record, user } = caller(context);
      return HttpResponse.json(toSession(record, user));
    }),

    api.delete("/sessions", (context) => {
      const { record } = caller(context);
      record.revoked = true;
      record.revokedAt = Date.now();
      // This session's claims and streams end; those of the user's other sessions go on.
      endWithSession(db, record.token);
      return emptyAnswer();
    }),

    api.get("/sessions/cdpLogin/{token}", async ({ path }) => {
      const claims = await verifyHandoffToken(path.token, HANDOFF);
      if (!claims || db.usedHandoffTokens.has(claims.jti)) throw new HttpError(401, INVALID_TOKEN);
      db.usedHandoffTokens.add(claims.jti);
      return signedIn(staffByEmail(claims.email));
    }),

    api.get("/auth/provider", () => HttpResponse.json({ kind: "development" as const, passwordSignIn: true })),

    // The fake backend has the development provider only, as the server without OIDC_ISSUER.
    api.post("/auth/oidc/start", () => {
      throw new HttpError(404, NO_OIDC_PROVIDER);
    }),
    api.post("/auth/oidc/finish", () => {
      throw new HttpError(404, NO_OIDC_PROVIDER);
    }),

    api.get("/auth/dev/accounts", () =>
      HttpResponse.json(
        enabledUsers()
          .map(({ email, firstname, lastname, isAdmin }) => ({ email, firstname, lastname, isAdmin }))
          .sort(
            (a, b) =>
              a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname) || a.email.localeCompare(b.email),
          ),
      ),
    ),

    api.post("/auth/dev/token", async ({ body }) => {
      const user = staffByEmail(body.email);
      const profile = { firstname: user.firstname, lastname: user.lastname, picture: user.profilePicture };
      return HttpResponse.json({ credential: await issueDevIdToken(user.email, profile) });
    }),
  ];
}
