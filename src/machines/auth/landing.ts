// §2 Where a signed-in user lands: the members list when the address carries a `page` query
// parameter (or came through the partner hand-off), otherwise the user's default page.

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
