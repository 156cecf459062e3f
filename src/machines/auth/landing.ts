// §2 Where a signed-in user lands: the members list when the address carries a `page` query
// parameter (or came through the partner hand-off), otherwise the user's default page.
import type { components } from "../../../contract/schema";

type OidcAnswer = components["schemas"]["OidcAnswer"];


/** Where to go once signed in: the user's default page, or the members list. */
export type Landing = "defaultPage" | "membersList";
export const MEMBERS_LIST_PATH = "/members/all";

export function landingOf(search: string): Landing {
  return new URLSearchParams(search).has("page") ? "membersList" : "defaultPage";
}

export function landingPath(landing: Landing, defaultPage: string): string {
  return landing === "membersList" || !defaultPage.startsWith("/") ? MEMBERS_LIST_PATH : defaultPage;
}

/** The partner hand-off token of a login address (`/?token=…`), if any. */
export function handoffTokenOf(search: string): string | null {
  return new URLSearchParams(search).get("token") || null;
}

/**
 * The OpenID Connect provider's answer in the address (the app's root is the redirect address):
 * `state` with `code` or `error`, as RFC 6749 4.1.2 gives them, plus RFC 9207's `iss`.
 */
export function providerAnswerOf(search: string): OidcAnswer | null {
  const params = new URLSearchParams(search);
  const state = params.get("state");
  if (!state || !(params.has("code") || params.has("error"))) return null;
  const answer: OidcAnswer = { state };
  for (const name of ["code", "iss", "error", "error_description"] as const) {
    const value = params.get(name);
    if (value !== null) answer[name] = value;
  }
  return answer;
}
