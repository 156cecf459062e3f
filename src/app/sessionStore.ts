// §4 Persistence: only the auth part of the state is kept in browser storage, and the login
// cookie lasts 7 days: without the cookie, a stored session is not used again.
import type { Session } from "../machines/auth/auth.machine";
import { LOGIN_COOKIE_DAYS } from "../lib/constants";
import { deleteCookie, readCookie, writeCookie } from "../lib/cookies";

const STORAGE_KEY = "recall-desk:auth";
export const LOGIN_COOKIE = "recallDeskLogin";

/**
 * The browser's local storage, or null where the browser refuses it: with cookies (and so site
 * data) blocked in its settings, merely reading `localStorage` throws a SecurityError. The app still
 * starts and signs in then (§2: the cookies-disabled modal says why), and the session lasts as long
 * as the page, since there is nowhere to keep it.
 */
function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/** The persisted auth state: the session (staff user, bearer token, partner link), nothing else. */
export const sessionStore = {
  read(): Session | null {
    const text = storage()?.getItem(STORAGE_KEY);
    if (!text) return null;
    const session = JSON.parse(text) as Session;
    if (readCookie(LOGIN_COOKIE) !== session.id) {
      sessionStore.clear();
      return null;
    }
    return session;
  },
  write(session: Session): void {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(session));
    writeCookie(LOGIN_COOKIE, session.id, LOGIN_COOKIE_DAYS);
  },
  clear(): void {
    storage()?.removeItem(STORAGE_KEY);
    deleteCookie(LOGIN_COOKIE);
  },
};
