// Where the members list opens (§2, §6 default practices): the practices and dentists of its
// region, the first filters (list.machine.ts' starting point: the URL query, the cookie, the user's
// defaults), the page size the cookie kept, and a link's search (the live board's link to one
// member). A link naming something the list does not know opens the whole list rather than a
// guessed part of it.
import { ALL, initialFilters, NO_FILTERS, unknownInLink, type SavedFilters } from "../members.filters";
import type { ListInput, MemberOptions } from "./list.types";
import type { PageSize } from "../../../lib/constants";

export function openingView(
  { region, defaultLocationId }: ListInput,
  saved: SavedFilters,
  { practices: all, dentists, setup }: MemberOptions,
  pageSize: PageSize,
) {
  const practices = all.filter((practice) => region === ALL || practice.region === region);
  const ids = new Set(practices.map((practice) => practice.id));
  const unknown = unknownInLink({ saved, practices });
  return {
    practices,
    dentists: dentists.filter((dentist) => ids.has(dentist.practiceId)),
    unknownInLink: unknown,
    filters: unknown.length > 0 ? NO_FILTERS : initialFilters({ saved, setup, defaultLocationId, practices }),
    pageSize: saved.cookie.pageSize ?? pageSize,
    ...(saved.search ? { searchText: saved.search, search: saved.search.trim() } : {}),
  };
}
