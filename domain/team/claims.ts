// Claims (docs/architecture.md, Agents as a team): an agent working a member claims it, so the
// others see "Marcus Reed is calling" on that row. A claim never blocks a save, and ends by itself:
// a crashed browser never leaves a member locked.
import type { components } from "../../contract/schema";
import { errorBody } from "../../contract/errors.ts";

type Schemas = components["schemas"];
export type MemberClaim = Schemas["MemberClaim"];

/** "claimed for them for 2 minutes, renewed while they stay on it": from the latest claim or renewal. */
export const CLAIM_DURATION_MS = 2 * 60 * 1000;

/** Who holds a member's claim, and until when. */
export interface ClaimHold {
  userId: number;
  expiresAt: Date;
}

export const isLive = (claim: { expiresAt: Date | string }, now: Date) => new Date(claim.expiresAt).getTime() > now.getTime();

/**
 * What a claim by `callerId` does: `claim` (nobody holds a live claim), `renew` (the caller holds
 * it) or `held` (409: another agent holds a live one).
 */
export function judgeClaim(current: ClaimHold | undefined, callerId: number, now: Date): "claim" | "renew" | "held" {
  if (!current || !isLive(current, now)) return "claim";
  return current.userId === callerId ? "renew" : "held";
}

/** When a claim made or renewed now ends. */
export const claimExpiry = (now: Date) => new Date(now.getTime() + CLAIM_DURATION_MS);

/** The 409 of a claim on a member another agent holds: the contract's Error and their claim. */
export function claimConflict(claim: MemberClaim): Schemas["ClaimConflict"] {
  return { ...errorBody(409, `${claim.by.firstname} ${claim.by.lastname} is working this member.`), claim };
}

/** The 404 of a release without a live claim of the caller's. */
export const NO_CLAIM = "You hold no claim on this member.";
