// Keyset paging of the members list (openapi.yaml getMembersTableData `cursor`): the next or
// previous page is read from the edge row of the page the agent is on, by its sort key and id,
// not by counting rows from the top. Counting skips a row whenever a save moves another one
// above the page meanwhile, and at a million members a page in the middle skipped 500,000 index
// entries; from a cursor it is one index seek. The cursor is opaque to the caller: each backend
// writes the key as it compares it, and refuses a cursor of another order.
import { memberSortKey, type MemberSortColumn } from "../membersOrder.ts";

export type CursorDirection = "after" | "before";

export interface PageCursor {
  /** The order the cursor's page was read in (`memberOrderName`): a cursor of another is refused. */
  order: string;
  /** after: the page of the rows following the edge row; before: of those preceding it. */
  direction: CursorDirection;
  /** The edge row's sort values (text as the backend compares them; null sorts last). */
  key: (string | number | null)[];
  id: number;
}

/**
 * The name of the list's order: the column and its direction; the default order (names) is "".
 * An order whose ties run by id descending (membersOrder.ts) says so: its ties once ran ascending,
 * and a cursor written then would resume at the wrong row of a tie, so it is refused instead.
 */
export function memberOrderName(column: MemberSortColumn | undefined, sameColumn: boolean | undefined): string {
  if (!column) return "";
  const name = `${column}:${sameColumn ? "desc" : "asc"}`;
  return memberSortKey(column, sameColumn === true).idsDescending ? `${name}:ties-desc` : name;
}

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

export const encodePageCursor = (cursor: PageCursor): string =>
  toBase64Url(JSON.stringify([cursor.order, cursor.direction === "after" ? 1 : 0, cursor.key, cursor.id]));

const isKeyValue = (value: unknown): value is string | number | null => value === null || typeof value === "string" || typeof value === "number";

/** The cursor a text holds, or undefined when it is none this list wrote. */
export function decodePageCursor(text: string): PageCursor | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(text));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return undefined;
  const [order, after, key, id] = parsed as unknown[];
  if (typeof order !== "string" || (after !== 0 && after !== 1) || !Array.isArray(key) || !key.every(isKeyValue)) return undefined;
  // Ids are PostgreSQL integers.
  if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 2_147_483_647) return undefined;
  return { order, direction: after === 1 ? "after" : "before", key, id: id as number };
}

/** The cursors of a page: after its last row (the next page) and before its first (the previous one). */
export function pageCursors<Row>(rows: readonly Row[], order: string, edge: (row: Row) => { key: PageCursor["key"]; id: number }) {
  if (rows.length === 0) return {};
  return {
    next_cursor: encodePageCursor({ order, direction: "after", ...edge(rows[rows.length - 1]!) }),
    previous_cursor: encodePageCursor({ order, direction: "before", ...edge(rows[0]!) }),
  };
}
