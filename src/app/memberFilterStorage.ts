// The members list's filters kept in the browser (§4): read from the URL query (practice, status,
// brand) and the memberFilters cookie when the list opens, and written back on every change.
import { fromPromise } from "xstate";
import { MEMBER_FILTERS_COOKIE, MEMBER_FILTERS_COOKIE_DAYS, type PageSize } from "../lib/constants";
import { readCookie, writeCookie } from "../lib/cookies";
import { cookieValue, readCookieFilters, readUrlFilters, unknownUrlFilters, urlQuery, type MemberFilters, type SavedFilters } from "../machines/members/members.filters";

/** The members machine's `readSavedFilters` actor. */
export const readSavedFilters = fromPromise(async (): Promise<SavedFilters> => {
  const search = new URLSearchParams(location.search).get("search");
  return {
    url: readUrlFilters(location.search),
    cookie: readCookieFilters(readCookie(MEMBER_FILTERS_COOKIE)),
    unknown: unknownUrlFilters(location.search),
    ...(search ? { search } : {}),
  };
});

/** The members machine's `persistFilters` action. */
export function persistFilters(_: unknown, { filters, pageSize }: { filters: MemberFilters; pageSize: PageSize }) {
  writeCookie(MEMBER_FILTERS_COOKIE, cookieValue(filters, pageSize), MEMBER_FILTERS_COOKIE_DAYS);
  const url = new URL(location.href);
  const query = urlQuery(filters);
  // A link's search is applied once, when the list opens; the search box holds it from then on.
  for (const name of ["mco", "result", "priority", "campaign", "campaignFigure", "campaignAgent", "search"]) if (!(name in query)) url.searchParams.delete(name);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  if (url.href !== location.href) history.replaceState(history.state, "", url);
}
