// The members list as a team sees it (docs/architecture.md, Agents as a team): live events applied
// to the rows in place, claims that run out dropped at their expiresAt, and who is on a member.
import type { components } from "../../../contract/schema";
import { isLive } from "../../../domain/team/claims.ts";
import type { LiveEvent } from "../../../domain/team/events.ts";
import type { Member } from "./members.filters";

type Schemas = components["schemas"];
export type MemberClaim = Schemas["MemberClaim"];
export type CurrentResult = Schemas["CurrentResult"];
export type CurrentNote = Schemas["CurrentNote"];

const replaceRow = (members: Member[], memberId: number, change: (member: Member) => Member | undefined): Member[] => {
  const index = members.findIndex((member) => member.id === memberId);
  const changed = index === -1 ? undefined : change(members[index]!);
  if (!changed) return members;
  const next = members.slice();
  next[index] = changed;
  return next;
};

/**
 * The rows after an event: a save changes its member's result and note if it is newer than the row
 * (openapi.yaml openEventStream), a claim event sets the member's claim, a practice feed's status
 * event its Status and visits. Unchanged rows stay the
 * same objects, so only the changed row re-renders; a member not on this page changes nothing.
 */
export function applyLiveEvent(members: Member[], { event, data }: LiveEvent): Member[] {
  if (event === "claim") return replaceRow(members, data.memberId, (member) => ({ ...member, claim: data.claim }));
  if (event === "callback") return replaceRow(members, data.memberId, (member) => ({ ...member, callback: data.callback.status === "open" ? data.callback : null }));
  if (event === "recordings" || event === "campaign") return members;
  if (event === "queue") return replaceRow(members, data.memberId, (member) => ({ ...member, attempts: data.attempts, doNotCall: data.doNotCall }));
  if (event === "status") return replaceRow(members, data.memberId, (member) => ({ ...member, Status: data.Status, LastVisit: data.LastVisit, NextApt: data.NextApt }));
  return replaceRow(members, data.memberId, (member) =>
    data.version > member.version
      ? { ...member, version: data.version, Result: data.Result, notes: data.notes, notestimestamp: data.notestimestamp }
      : undefined,
  );
}

/** A member's claim as the list now has it (its own, someone else's, or none). */
export const setClaim = (members: Member[], claim: MemberClaim): Member[] =>
  replaceRow(members, claim.memberId, (member) => ({ ...member, claim }));

/** The rows without `userId`'s claim on the member (released). */
export const dropOwnClaim = (members: Member[], memberId: number, userId: number): Member[] =>
  replaceRow(members, memberId, (member) => (member.claim?.by.id === userId ? { ...member, claim: null } : undefined));

/** The rows without the claims that have run out by `now` (a claim that ends by itself sends nothing). */
export function dropExpiredClaims(members: Member[], now: Date): Member[] {
  if (!members.some((member) => member.claim && !isLive(member.claim, now))) return members;
  return members.map((member) => (member.claim && !isLive(member.claim, now) ? { ...member, claim: null } : member));
}

/** Milliseconds from `now` until the first claim on the page runs out; null when none is held. */
export function untilNextExpiry(members: readonly Member[], now: Date): number | null {
  const ends = members.flatMap((member) => (member.claim ? [new Date(member.claim.expiresAt).getTime()] : []));
  return ends.length ? Math.max(0, Math.min(...ends) - now.getTime()) : null;
}

/** Someone else's live claim on the member, which a save asks about first. */
export function claimOfOther(member: Member | undefined, userId: number, now: Date): MemberClaim | null {
  const claim = member?.claim;
  return claim && claim.by.id !== userId && isLive(claim, now) ? claim : null;
}

/** "Marcus Reed". */
export const holderName = (claim: MemberClaim) => `${claim.by.firstname} ${claim.by.lastname}`;

/** The badge of a row someone is calling: "You are calling" for the agent's own claim. */
export const claimBadge = (claim: MemberClaim, userId: number) =>
  claim.by.id === userId ? { own: true, text: "You are calling" } : { own: false, text: `${holderName(claim)} is calling` };
