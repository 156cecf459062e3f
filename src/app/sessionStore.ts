// §4 Persistence: only the auth part of the state is kept in browser storage, and the login
// cookie lasts 7 days: without the cookie, a stored session is not used again.
import type { Session } from "../machines/auth/auth.machine";
import { LOGIN_COOKIE_DAYS } from "../lib/constants";
import { deleteCookie, readCookie, writeCookie } from "../lib/cookies";

const STORAGE_KEY = "recall-desk:auth";
export const LOGIN_COOKIE = "recallDeskLogin";

/** The persisted auth state: the session (staff user, bearer token, partner link), nothing else. */
export const sessionStore = {
  read(): Session | null {
    const text = localStorage.getItem(STORAGE_KEY);
    if (!text) return null;
    const session = JSON.parse(text) as Session;
    if (readCookie(LOGIN_COOKIE) !== session.id) {
      sessionStore.clear();
      return null;
    }
    return session;
  },
  write(session: Session): void {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    writeCookie(LOGIN_COOKIE, session.id, LOGIN_COOKIE_DAYS);
  },
  clear(): void {
    localStorage.removeItem(STORAGE_KEY);
    deleteCookie(LOGIN_COOKIE);
  },
};
