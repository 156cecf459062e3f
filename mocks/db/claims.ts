// Claims of agents on members in the fake backend, with the server's rules (domain/team/claims.ts).
// Like sessions, they run on the real clock: a claim is an operational timeout, not calendar data.
import type { components } from "../../contract/schema";
import { claimExpiry, isLive, judgeClaim } from "../../domain/team/claims.ts";

type MemberClaim = components["schemas"]["MemberClaim"];
type Person = Pick<components["schemas"]["User"], "id" | "firstname" | "lastname">;

export interface ClaimRecord {
  memberId: number;
  userId: number;
  /** The session it was made or last renewed from: it ends with that session. */
  sessionToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** When the holder claimed it (epoch milliseconds); renewals keep it. */
  claimedAt: number;
  /** The campaign a Next served the member for; a renewal without one keeps it. */
  campaignId?: number;
}

/**
 * At most one claim per member, by member id; an ended one (run out, or released: it ends at once)
 * stays until taken over, ended by a save or its holder signing out.
 */
export type ClaimStore = Map<number, ClaimRecord>;

const liveRecord = (claims: ClaimStore, memberId: number, now: Date) => {
  const record = claims.get(memberId);
  return record && isLive({ expiresAt: new Date(record.expiresAt) }, now) ? record : undefined;
};

/** The campaign of the user's live claim on the member (a Next served it for one); null without one. */
export function campaignOfClaim(claims: ClaimStore, userId: number, memberId: number, now = new Date()): number | null {
  const record = liveRecord(claims, memberId, now);
  return record?.userId === userId ? (record.campaignId ?? null) : null;
}

/** The member's live claim as the contract answers it; null when there is none. */
export function liveClaim(claims: ClaimStore, users: readonly Person[], memberId: number, now = new Date()): MemberClaim | null {
  const record = liveRecord(claims, memberId, now);
  const holder = record && users.find((user) => user.id === record.userId);
  if (!record || !holder) return null;
  return { memberId, by: { id: holder.id, firstname: holder.firstname, lastname: holder.lastname }, expiresAt: new Date(record.expiresAt).toISOString() };
}

/** Claims the member for the user's session or renews their claim; `held` when another agent holds a live one. */
export function claimMember(claims: ClaimStore, memberId: number, by: { userId: number; sessionToken: string; campaignId?: number }, now = new Date()): "claimed" | "held" {
  const current = claims.get(memberId);
  const verdict = judgeClaim(current && { userId: current.userId, expiresAt: new Date(current.expiresAt) }, by.userId, now);
  if (verdict === "held") return "held";
  const claimedAt = verdict === "renew" ? current!.claimedAt : now.getTime();
  const campaignId = by.campaignId ?? (verdict === "renew" ? current!.campaignId : undefined);
  claims.set(memberId, { memberId, ...by, campaignId, expiresAt: claimExpiry(now).getTime(), claimedAt });
  return "claimed";
}

/** Ends the user's live claim on the member now; false when they held none there. */
export function releaseClaim(claims: ClaimStore, userId: number, memberId: number, now = new Date()): boolean {
  const record = liveRecord(claims, memberId, now);
  if (!record || record.userId !== userId) return false;
  record.expiresAt = now.getTime();
  return true;
}

/** Ends the user's claim on the member (a save): the member, if their claim was live. */
export function endClaimsOf(claims: ClaimStore, userId: number, memberId: number, now = new Date()): number[] {
  const record = claims.get(memberId);
  if (!record || record.userId !== userId) return [];
  claims.delete(memberId);
  return isLive({ expiresAt: new Date(record.expiresAt) }, now) ? [memberId] : [];
}

/** Ends the claims made from a session (it ended): the members whose live claim ended. */
export function endClaimsOfSession(claims: ClaimStore, sessionToken: string, now = new Date()): number[] {
  const ended: number[] = [];
  for (const record of [...claims.values()]) {
    if (record.sessionToken !== sessionToken) continue;
    claims.delete(record.memberId);
    if (isLive({ expiresAt: new Date(record.expiresAt) }, now)) ended.push(record.memberId);
  }
  return ended;
}

/** Ends a claim as its 2 minutes would (the contract suite's `expireClaim`). */
export function expireClaim(claims: ClaimStore, memberId: number, now = Date.now()): void {
  const record = claims.get(memberId);
  if (record) record.expiresAt = now - 1000;
}
