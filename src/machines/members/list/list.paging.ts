// How the members list turns its pages (openapi.yaml getMembersTableData, keyset paging): the next
// and the previous page are read from the loaded page's cursors, so that a save moving a row meanwhile
// neither skips nor repeats one, and a page far down costs what the first does; any other page, and
// the first (the top of the list is where it starts), by its number.
import type { ListContext, MembersTableData } from "./list.types";
import { applyLiveEvent } from "../team";
import { ApiError } from "../../../api/errors";

export type PageCursors = Pick<MembersTableData, "next_cursor" | "previous_cursor">;

/** Where the list stands after turning to page `to`. */
export function pageTurn({ pageNum, cursors }: Pick<ListContext, "pageNum" | "cursors">, to: number): Pick<ListContext, "pageNum" | "cursor"> {
  const cursor = to === 1 ? undefined : to === pageNum + 1 ? cursors.next_cursor : to === pageNum - 1 ? cursors.previous_cursor : undefined;
  return { pageNum: to, cursor: cursor ?? null };
}

/** What a loaded page sets: its rows (with the live events that came while it loaded), the count and its cursors. */
export function loadedPage({ sinceLoad }: Pick<ListContext, "sinceLoad">, page: MembersTableData) {
  const cursors: PageCursors = {
    ...(page.next_cursor ? { next_cursor: page.next_cursor } : {}),
    ...(page.previous_cursor ? { previous_cursor: page.previous_cursor } : {}),
  };
  return { members: sinceLoad.reduce(applyLiveEvent, page.members), totalCount: page.total_count, sinceLoad: [], cursors };
}

/**
 * Whether a page failed because the server refused its cursor (400 naming `cursor`): one written
 * before the order it names changed, on a server updated since the page was loaded. The page is
 * then read again by its number, which needs no cursor.
 */
export const refusedCursor = (error: unknown): boolean =>
  error instanceof ApiError && error.statusCode === 400 && (error.details ?? []).some((detail) => detail.field === "cursor");
