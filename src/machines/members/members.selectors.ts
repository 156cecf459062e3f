import type { ActorRefFrom, SnapshotFrom } from "xstate";
import { MEMBERS_PAGINATION_PAGES, NOTE_PREVIEW_LENGTH } from "../../lib/constants";
import type { SortState } from "../../lib/sortRows";
import { BRANDS } from "../../../domain/vocabulary.ts";
import type { listDialogMachine } from "./listDialog.machine";
import { ALL, mcoOptions, practicesOfBrand, type Member } from "./members.filters";
import { membersQuery, type membersMachine } from "./members.machine";
import type { notesMachine } from "./notes.machine";
import type { liveEventsMachine } from "../liveEvents/liveEvents.machine";

type MembersSnapshot = SnapshotFrom<typeof membersMachine>;

export type MembersStatus = "starting" | "startFailed" | "loading" | "ready" | "confirming" | "saving" | "failed";

export function selectStatus(snapshot: MembersSnapshot): MembersStatus {
  if (snapshot.matches("startFailed")) return "startFailed";
  if (snapshot.matches({ active: { list: "loading" } })) return "loading";
  if (snapshot.matches({ active: { list: "ready" } })) return "ready";
  if (snapshot.matches({ active: { list: "confirming" } })) return "confirming";
  if (snapshot.matches({ active: { list: "saving" } })) return "saving";
  if (snapshot.matches({ active: { list: "failed" } })) return "failed";
  return "starting";
}

export const selectFailure = (snapshot: MembersSnapshot) => snapshot.context.failure;
export const selectMembers = (snapshot: MembersSnapshot) => snapshot.context.members;
export const selectTotalCount = (snapshot: MembersSnapshot) => snapshot.context.totalCount;
export const selectFilters = (snapshot: MembersSnapshot) => snapshot.context.filters;
export const selectSearchText = (snapshot: MembersSnapshot) => snapshot.context.searchText;
export const selectPageNum = (snapshot: MembersSnapshot) => snapshot.context.pageNum;
export const selectPageSize = (snapshot: MembersSnapshot) => snapshot.context.pageSize;
export const selectDentists = (snapshot: MembersSnapshot) => snapshot.context.dentists;
export const selectSavingResult = (snapshot: MembersSnapshot) => snapshot.context.savingResult;
/** The save waiting for "Save anyway?", and who is calling the member. */
export const selectConfirming = (snapshot: MembersSnapshot) => snapshot.context.confirming;
/** Saves refused because another landed since, by member id. */
export const selectConflicts = (snapshot: MembersSnapshot) => snapshot.context.conflicts;
/** The signed-in agent: their own claims read "You are calling". */
export const selectUserId = (snapshot: MembersSnapshot) => snapshot.context.userId;
export const selectSearchPending = (snapshot: MembersSnapshot) => snapshot.matches({ active: { search: "debouncing" } });

/** Practices of the chosen brand: a brand change resets the practice, so the list follows it. */
export const selectPracticeOptions = (snapshot: MembersSnapshot) =>
  practicesOfBrand(snapshot.context.practices, snapshot.context.filters.brand);
export const selectMcoOptions = (snapshot: MembersSnapshot) => mcoOptions(snapshot.context.filters.brand);
export const BRAND_OPTIONS = BRANDS;

/** The brand as the title shows it: upper case, or All brands. */
export const selectBrandLabel = (snapshot: MembersSnapshot) => {
  const { brand } = snapshot.context.filters;
  return brand === ALL ? "All brands" : brand.toUpperCase().replaceAll(",", ", ");
};

/** The notice of a link that named something unknown, or null. */
export const selectUnknownInLink = (snapshot: MembersSnapshot) => {
  const unknown = snapshot.context.unknownInLink;
  return unknown.length ? `This link names an unknown ${unknown.join(" and ")}: showing every member instead.` : null;
};

const allPages = (snapshot: MembersSnapshot) => Math.max(1, Math.ceil(snapshot.context.totalCount / snapshot.context.pageSize));

/** §9 "Members page pagination set to 30 pages": the pager offers at most 30; filters reach the rest. */
export const selectPageCount = (snapshot: MembersSnapshot) => Math.min(allPages(snapshot), MEMBERS_PAGINATION_PAGES);

/** More members match than 30 pages show. */
export const selectPagesCapped = (snapshot: MembersSnapshot) => allPages(snapshot) > MEMBERS_PAGINATION_PAGES;

/** The first and last row number of this page, for "Showing 16–30 of 1,234". */
export const selectShownRange = (snapshot: MembersSnapshot) => {
  const { pageNum, pageSize, members, totalCount } = snapshot.context;
  const first = members.length ? (pageNum - 1) * pageSize + 1 : 0;
  return { first, last: first ? first + members.length - 1 : 0, total: totalCount };
};

/** The server's sort, as the table's headers show it (sameColumn true = descending). */
export const selectSort = (snapshot: MembersSnapshot): SortState => ({
  column: snapshot.context.sort.column,
  direction: snapshot.context.sort.sameColumn ? "desc" : "asc",
});

/** Controls wait while a result is saved (the save is not cancelled by a new filter). */
export const selectControlsLocked = (snapshot: MembersSnapshot) => snapshot.matches({ active: { list: "saving" } });

export type MembersDialog = "closed" | "notes" | "history" | "crons";
export function selectDialog(snapshot: MembersSnapshot): MembersDialog {
  if (snapshot.matches({ active: { dialog: "notes" } })) return "notes";
  if (snapshot.matches({ active: { dialog: "history" } })) return "history";
  if (snapshot.matches({ active: { dialog: "crons" } })) return "crons";
  return "closed";
}
export const selectDialogMember = (snapshot: MembersSnapshot): Member | null => snapshot.context.dialogMember;

export const selectNotesActor = (snapshot: MembersSnapshot) =>
  snapshot.children.notes as ActorRefFrom<typeof notesMachine> | undefined;
export const selectHistoryActor = (snapshot: MembersSnapshot) =>
  snapshot.children.history as ActorRefFrom<typeof listDialogMachine> | undefined;
export const selectCronsActor = (snapshot: MembersSnapshot) =>
  snapshot.children.crons as ActorRefFrom<typeof listDialogMachine> | undefined;

/** §9 Note preview: the note's first 27 characters, with an ellipsis when there is more. */
export function notePreview(notes: string | null): string {
  if (!notes) return "";
  return notes.length > NOTE_PREVIEW_LENGTH ? `${notes.slice(0, NOTE_PREVIEW_LENGTH)}…` : notes;
}

/** The export of every page of the current filters and search (GET /Members/export). */
export const selectExportQuery = (snapshot: MembersSnapshot) => {
  const { pageNum: _pageNum, pageSize: _pageSize, orderByColumn: _column, sameColumn: _sameColumn, ...filters } = membersQuery(snapshot.context);
  return filters;
};

export const selectLiveActor = (snapshot: MembersSnapshot) =>
  snapshot.children.live as ActorRefFrom<typeof liveEventsMachine> | undefined;

/**
 * Whether the list follows colleagues' changes (read from the live events actor): "interrupted"
 * once its stream has failed and until the page is reloaded on a new one.
 */
export const selectStreamStatus = (stream: SnapshotFrom<typeof liveEventsMachine>): "live" | "interrupted" =>
  stream.matches("reconnecting") || stream.context.missedChanges ? "interrupted" : "live";
