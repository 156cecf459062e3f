// Sessions of the fake backend, with the server's rules (docs/architecture.md): opaque random tokens, an
// absolute lifetime of 7 days and an idle timeout of 30 minutes. Time is the real clock.
import type { components } from "../../contract/schema";

type User = components["schemas"]["User"];
type Session = components["schemas"]["Session"];

export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const PARTNER_PORTAL_URI = "https://portal.recalldesk.example/";

export interface SessionRecord {
  id: string;
  token: string;
  userId: number;
  createdAt: number;
  lastSeenAt: number;
  revoked: boolean;
  /** When it was signed out (epoch milliseconds). */
  revokedAt?: number;
}

export type SessionStore = Map<string, SessionRecord>;

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function openSession(sessions: SessionStore, user: User, now = Date.now()): SessionRecord {
  const record = { id: crypto.randomUUID(), token: randomToken(), userId: user.id, createdAt: now, lastSeenAt: now, revoked: false };
  sessions.set(record.token, record);
  return record;
}

/** The live session of a token, as it stands; undefined when missing, revoked or expired. */
export function liveSession(sessions: SessionStore, token: string, now = Date.now()): SessionRecord | undefined {
  const record = sessions.get(token);
  if (!record || record.revoked) return undefined;
  if (now - record.createdAt >= SESSION_LIFETIME_MS || now - record.lastSeenAt >= SESSION_IDLE_TIMEOUT_MS) return undefined;
  return record;
}

/** The live session of a token, its idle clock restarted; undefined when missing, revoked or expired. */
export function touchSession(sessions: SessionStore, token: string, now = Date.now()): SessionRecord | undefined {
  const record = liveSession(sessions, token, now);
  if (record) record.lastSeenAt = now;
  return record;
}

/** Whether the session of a token is live, without restarting its idle clock (an open event stream asks). */
export function sessionIsLive(sessions: SessionStore, token: string, now = Date.now()): boolean {
  const record = sessions.get(token);
  return !!record && !record.revoked && now - record.createdAt < SESSION_LIFETIME_MS && now - record.lastSeenAt < SESSION_IDLE_TIMEOUT_MS;
}

/** Ends a session as an idle timeout would; tests use it to see 'Session Expired'. */
export function expireSession(sessions: SessionStore, token: string): void {
  const record = sessions.get(token);
  if (record) record.lastSeenAt = record.createdAt - SESSION_IDLE_TIMEOUT_MS;
}

export function toSession(record: SessionRecord, user: User): Session {
  return {
    id: record.id,
    user,
    accessToken: record.token,
    mycdp_uri: PARTNER_PORTAL_URI,
    expiresAt: new Date(record.createdAt + SESSION_LIFETIME_MS).toISOString(),
  };
}
