// The members list of one fake database, fast at 200,000 members: each sort order is computed
// once and kept until a save changes its column, the search index is built on the first search
// (saves never change searched fields), and recent searches are remembered while the agent pages.
import type { MockDb } from "../db/createMockDb";
import type { MemberRecord } from "../../demo/records.ts";
import { listOrder, memberFilter, pageFrom, pageOf, sortedPositions, type MemberFilters, type MemberSortColumn } from "./query";
import { decodePageCursor, memberOrderName, pageCursors } from "../../domain/members/pageCursor.ts";
import { invalidRequest } from "../../contract/errors.ts";
import { MemberSearchIndex } from "./search";

export interface MembersPageQuery extends MemberFilters {
  search?: string;
  orderByColumn?: MemberSortColumn;
  sameColumn?: boolean;
  pageNum: number;
  pageSize: number;
  /** Keyset paging: the page after or before this cursor's row instead of page `pageNum`. */
  cursor?: string;
}

const REMEMBERED_SEARCHES = 20;

export function createMembersList(db: Pick<MockDb, "members" | "practices" | "dentists" | "priorities" | "results" | "membersRevision">) {
  /** Member positions in list order, by "column:direction". */
  const orders = new Map<string, Int32Array>();
  let searchIndex: MemberSearchIndex | null = null;
  const searches = new Map<string, Uint8Array>();
  /** An import rewrote members (names, practices): every order and the search index start again. */
  let revision = db.membersRevision;
  const followImports = () => {
    if (revision === db.membersRevision) return;
    revision = db.membersRevision;
    orders.clear();
    searchIndex = null;
  };

  function orderOf(column: MemberSortColumn | undefined, descending: boolean): Int32Array {
    followImports();
    const key = `${column ?? ""}:${column && descending ? "desc" : "asc"}`;
    let order = orders.get(key);
    if (!order || order.length !== db.members.length) {
      order = sortedPositions(db.members, column, descending);
      orders.set(key, order);
    }
    return order;
  }

  function found(text: string): Uint8Array {
    followImports();
    if (!searchIndex || searchIndex.size !== db.members.length) {
      searchIndex = new MemberSearchIndex(db.members);
      searches.clear();
    }
    let matches = searches.get(text);
    if (!matches) {
      matches = searchIndex.search(text);
      if (searches.size >= REMEMBERED_SEARCHES) searches.delete(searches.keys().next().value!);
    }
    searches.delete(text);
    searches.set(text, matches); // most recently used last
    return matches;
  }

  return {
    page(query: MembersPageQuery): { members: MemberRecord[]; total: number; next_cursor?: string; previous_cursor?: string } {
      const keep = memberFilter(query, db);
      const text = query.search?.trim() ?? "";
      const matches = text === "" ? null : found(text);
      const { members } = db;
      // Filter in memory order, then walk the sort order over the result: reading 200,000 members
      // in sort order is several times slower (cache misses).
      const listed = new Uint8Array(members.length);
      members.forEach((member, position) => {
        if ((matches === null || matches[position] === 1) && keep(member)) listed[position] = 1;
      });
      const descending = Boolean(query.orderByColumn && query.sameColumn);
      const positions = orderOf(query.orderByColumn, descending);
      const order = listOrder(query.orderByColumn, descending);
      const orderName = memberOrderName(query.orderByColumn, descending);
      const isListed = (position: number) => listed[position] === 1;
      const edgeOf = (member: MemberRecord) => ({ key: order.keyOf(member), id: member.id });
      let page: number[];
      let total: number;
      if (query.cursor === undefined) {
        ({ page, total } = pageOf(positions, isListed, query.pageNum, query.pageSize));
      } else {
        const cursor = decodePageCursor(query.cursor);
        if (!cursor || !order.fits(cursor.key)) throw invalidRequest([{ field: "cursor", message: "is not a cursor of the members list" }]);
        if (cursor.order !== orderName) throw invalidRequest([{ field: "cursor", message: "was read in another sort" }]);
        const side = (position: number) => order.compare(edgeOf(members[position]!), cursor);
        ({ page, total } = pageFrom(positions, isListed, side, cursor.direction === "after", query.pageSize));
      }
      const rows = page.map((position) => members[position]!);
      return { members: rows, total, ...pageCursors(rows, orderName, edgeOf) };
    },

    /**
     * Every member the filters and search keep, in id order, `batchSize` at a time (an export):
     * what each batch holds is found as it is asked for.
     */
    *inIdOrder(query: Omit<MembersPageQuery, "pageNum" | "pageSize">, batchSize: number): Generator<MemberRecord[]> {
      const keep = memberFilter(query, db);
      const text = query.search?.trim() ?? "";
      const matches = text === "" ? null : found(text);
      const byId = Int32Array.from(db.members.keys()).sort((a, b) => db.members[a]!.id - db.members[b]!.id);
      let batch: MemberRecord[] = [];
      for (const position of byId) {
        const member = db.members[position]!;
        if ((matches !== null && matches[position] !== 1) || !keep(member)) continue;
        batch.push(member);
        if (batch.length === batchSize) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    },

    /** How many members the filters and search keep. */
    count(query: Omit<MembersPageQuery, "pageNum" | "pageSize">): number {
      return this.page({ ...query, pageNum: 1, pageSize: 1 }).total;
    },

    /** A save changed these fields of some member: orders by them are stale. */
    changed(columns: readonly MemberSortColumn[]) {
      for (const key of [...orders.keys()]) {
        if (columns.some((column) => key.startsWith(`${column}:`))) orders.delete(key);
      }
    },
  };
}

export type MembersList = ReturnType<typeof createMembersList>;
