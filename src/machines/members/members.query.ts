// The members list's requests (openapi.yaml getMembersTableData, exportMembers), built from what the
// list shows: its filters, search, page and sort; and how the notes, results and save calls name a
// member. Pure functions: the list machine, its selectors and the parts beside it use them.
import type { components } from "../../../contract/schema";
import { PAGE_SIZES, type PageSize } from "../../lib/constants";
import { ALL, type Member, type MemberFilters, type MemberResult, type MemberSortColumn, type PriorityFilter, type RegionFilter } from "./members.filters";

type NotesQuery = components["schemas"]["NotesQuery"];
type CampaignFigure = components["schemas"]["CampaignFigure"];

export interface MemberSort {
  column: MemberSortColumn | null;
  /** The contract's flag: true = the sorted column was clicked again, i.e. descending. */
  sameColumn: boolean;
}

export const UNSORTED: MemberSort = { column: null, sameColumn: false };

/** Where the list stands: what the agent chose and the page they are on. */
export interface ListPosition {
  /** The route's scope: SMD for /members/smile-magic, FSD for /members/family-smiles, all. */
  region: RegionFilter;
  filters: MemberFilters;
  /** The trimmed search text the list was last loaded with. */
  search: string;
  pageNum: number;
  /**
   * The cursor the page is read from (keyset paging: the page after or before the one the agent
   * was on, wherever saves moved rows meanwhile); null: by its number.
   */
  cursor: string | null;
  pageSize: PageSize;
  sort: MemberSort;
}

/** The first page, by its number. */
export const FIRST_PAGE = { pageNum: 1, cursor: null } as const;

export interface MembersQuery {
  pageNum: number;
  cursor?: string;
  pageSize: PageSize;
  company: string;
  search: string;
  dentistFirstName: string;
  result: MemberResult | typeof ALL;
  status: string;
  priority: PriorityFilter;
  orderByColumn?: MemberSortColumn;
  practice: string;
  sameColumn: boolean;
  mco: string;
  region: RegionFilter;
  campaign?: number;
  campaignFigure?: CampaignFigure;
  campaignAgent?: number;
}

/** The list call's query for the current filters, search, page and sort. */
export function membersQuery({ filters, sort, search, pageNum, cursor, pageSize, region }: ListPosition): MembersQuery {
  return {
    pageNum,
    ...(cursor ? { cursor } : {}),
    pageSize,
    company: filters.brand,
    search,
    dentistFirstName: filters.dentist,
    result: filters.result,
    status: filters.status,
    priority: filters.priority,
    ...(sort.column ? { orderByColumn: sort.column } : {}),
    practice: filters.practiceIds.length ? filters.practiceIds.join(",") : ALL,
    sameColumn: sort.sameColumn,
    mco: filters.mco,
    region,
    ...(filters.campaign !== null
      ? {
          campaign: filters.campaign,
          ...(filters.campaignFigure !== "called" ? { campaignFigure: filters.campaignFigure } : {}),
          ...(filters.campaignAgent !== null ? { campaignAgent: filters.campaignAgent } : {}),
        }
      : {}),
  };
}

/** The smallest page of the same filters and search: read for its total_count alone. */
export const countQuery = (position: ListPosition): MembersQuery => membersQuery({ ...position, ...FIRST_PAGE, pageSize: PAGE_SIZES[0] });

/** The export of every page of the current filters and search (GET /Members/export); the queue's calls take it without `campaign`. */
export function exportQuery(position: Omit<ListPosition, "cursor">) {
  const { pageNum: _pageNum, pageSize: _pageSize, orderByColumn: _column, sameColumn: _sameColumn, ...filters } = membersQuery({ ...position, cursor: null });
  return filters;
}

/** How the notes and results calls name a member (openapi.yaml NotesQuery). */
export const memberKey = (member: Member): NotesQuery => ({
  sid: member.Subscriber_ID,
  practice: member.practiceId,
  patnum: member.PatNum,
});
