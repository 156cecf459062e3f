import type { ActorRefFrom, SnapshotFrom } from "xstate";
import { MEMBERS_PAGINATION_PAGES, NOTE_PREVIEW_LENGTH } from "../../../lib/constants";
import type { SortState } from "../../../lib/sortRows";
import { BRANDS } from "../../../../domain/vocabulary.ts";
import { ALL, mcoOptions, practicesOfBrand } from "../members.filters";
import { exportQuery } from "../members.query";
import type { membersListMachine } from "./list.machine";
import type { liveEventsMachine } from "../../liveEvents/liveEvents.machine";

type ListSnapshot = SnapshotFrom<typeof membersListMachine>;

export type ListStatus = "starting" | "startFailed" | "loading" | "ready" | "failed";

export function selectStatus(snapshot: ListSnapshot): ListStatus {
  if (snapshot.matches("startFailed")) return "startFailed";
  if (snapshot.matches({ active: { page: "loading" } })) return "loading";
  if (snapshot.matches({ active: { page: "ready" } })) return "ready";
  if (snapshot.matches({ active: { page: "failed" } })) return "failed";
  return "starting";
}

/** The rows are a page shown: not one being read, failed, or not yet loaded. */
export const selectPageShown = (snapshot: ListSnapshot) => snapshot.matches({ active: { page: "ready" } });
export const selectMembers = (snapshot: ListSnapshot) => snapshot.context.members;
/** How many members the filters match, or null before the first page has loaded (no "0 members" then). */
export const selectTotalCount = (snapshot: ListSnapshot) => snapshot.context.totalCount;
export const selectFilters = (snapshot: ListSnapshot) => snapshot.context.filters;
export const selectSearchText = (snapshot: ListSnapshot) => snapshot.context.searchText;
export const selectPageNum = (snapshot: ListSnapshot) => snapshot.context.pageNum;
export const selectPageSize = (snapshot: ListSnapshot) => snapshot.context.pageSize;
export const selectDentists = (snapshot: ListSnapshot) => snapshot.context.dentists;
/** The signed-in agent: their own claims read "You are calling". */
export const selectUserId = (snapshot: ListSnapshot) => snapshot.context.userId;
export const selectSearchPending = (snapshot: ListSnapshot) => snapshot.matches({ active: { search: "debouncing" } });

/** Practices of the chosen brand: a brand change resets the practice, so the list follows it. */
export const selectPracticeOptions = (snapshot: ListSnapshot) => practicesOfBrand(snapshot.context.practices, snapshot.context.filters.brand);
export const selectMcoOptions = (snapshot: ListSnapshot) => mcoOptions(snapshot.context.filters.brand);
export const BRAND_OPTIONS = BRANDS;

/** The brand as the title shows it: upper case, or All brands. */
export const selectBrandLabel = (snapshot: ListSnapshot) => {
  const { brand } = snapshot.context.filters;
  return brand === ALL ? "All brands" : brand.toUpperCase().replaceAll(",", ", ");
};

/** The notice of a link that named something unknown, or null. */
export const selectUnknownInLink = (snapshot: ListSnapshot) => {
  const unknown = snapshot.context.unknownInLink;
  return unknown.length ? `This link names an unknown ${unknown.join(" and ")}: showing every member instead.` : null;
};

const allPages = (snapshot: ListSnapshot) => Math.max(1, Math.ceil((snapshot.context.totalCount ?? 0) / snapshot.context.pageSize));

/** §9 "Members page pagination set to 30 pages": the pager offers at most 30; filters reach the rest. */
export const selectPageCount = (snapshot: ListSnapshot) => Math.min(allPages(snapshot), MEMBERS_PAGINATION_PAGES);

/** More members match than 30 pages show. */
export const selectPagesCapped = (snapshot: ListSnapshot) => allPages(snapshot) > MEMBERS_PAGINATION_PAGES;

/** The first and last row number of this page, for "Showing 16–30 of 1,234". */
export const selectShownRange = (snapshot: ListSnapshot) => {
  const { pageNum, pageSize, members, totalCount } = snapshot.context;
  const first = members.length ? (pageNum - 1) * pageSize + 1 : 0;
  return { first, last: first ? first + members.length - 1 : 0, total: totalCount };
};

/** The server's sort, as the table's headers show it (sameColumn true = descending). */
export const selectSort = (snapshot: ListSnapshot): SortState => ({
  column: snapshot.context.sort.column,
  direction: snapshot.context.sort.sameColumn ? "desc" : "asc",
});

/** §9 Note preview: the note's first 27 characters, with an ellipsis when there is more. */
export function notePreview(notes: string | null): string {
  if (!notes) return "";
  return notes.length > NOTE_PREVIEW_LENGTH ? `${notes.slice(0, NOTE_PREVIEW_LENGTH)}…` : notes;
}

/** The export of every page of the current filters and search (GET /Members/export). */
export const selectExportQuery = (snapshot: ListSnapshot) => exportQuery(snapshot.context);

/** The list's filters and search as the queue takes them: Next serves by the list's filters, never by the campaign a drill-down narrowed it to (nextMember has no `campaign`). */
export const selectQueueQuery = (snapshot: ListSnapshot) => {
  const { campaign: _campaign, campaignFigure: _figure, campaignAgent: _agent, ...query } = selectExportQuery(snapshot);
  return query;
};

export const selectLiveActor = (snapshot: ListSnapshot) => snapshot.children.live as ActorRefFrom<typeof liveEventsMachine> | undefined;

/**
 * Whether the list follows colleagues' changes (read from the live events actor): "interrupted"
 * once its stream has failed and until the page is reloaded on a new one.
 */
export const selectStreamStatus = (stream: SnapshotFrom<typeof liveEventsMachine>): "live" | "interrupted" =>
  stream.matches("reconnecting") || stream.context.missedChanges ? "interrupted" : "live";
