// The members list's requests (openapi.yaml getMembersTableData, exportMembers), built from what the
// list shows: its filters, search, page and sort; and how the notes, results and save calls name a
// member. Pure functions: the list machine, its selectors and the parts beside it use them.
import type { components } from "../../../contract/schema";
import { PAGE_SIZES, type PageSize } from "../../lib/constants";
import { ALL, type Member, type MemberFilters, type MemberResult, type MemberSortColumn, type PriorityFilter, type RegionFilter } from "./members.filters";

type NotesQuery = components["schemas"]["NotesQuery"];

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
  pageSize: PageSize;
  sort: MemberSort;
}

export interface MembersQuery {
  pageNum: number;
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
}

/** The list call's query for the current filters, search, page and sort. */
export function membersQuery({ filters, sort, search, pageNum, pageSize, region }: ListPosition): MembersQuery {
  return {
    pageNum,
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
  };
}

/** The smallest page of the same filters and search: read for its total_count alone. */
export const countQuery = (position: ListPosition): MembersQuery => ({ ...membersQuery(position), pageNum: 1, pageSize: PAGE_SIZES[0] });

/** The export of every page of the current filters and search (GET /Members/export). */
export function exportQuery(position: ListPosition) {
  const { pageNum: _pageNum, pageSize: _pageSize, orderByColumn: _column, sameColumn: _sameColumn, ...filters } = membersQuery(position);
  return filters;
}

/** How the notes and results calls name a member (openapi.yaml NotesQuery). */
export const memberKey = (member: Member): NotesQuery => ({
  sid: member.Subscriber_ID,
  practice: member.practiceId,
  patnum: member.PatNum,
});
