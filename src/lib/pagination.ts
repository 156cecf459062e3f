// §9 "Pagination boundary and sibling range: 1": the pages a pager shows, the first and last
// (boundary), the current one with one on either side (siblings), gaps as ellipses. The bar keeps
// one width while paging (boundary + siblings give a fixed number of items), like the original's.
import { PAGINATION_BOUNDARY_COUNT, PAGINATION_SIBLING_COUNT } from "./constants";

export type PageItem = number | "start-ellipsis" | "end-ellipsis";

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

export function pageItems(page: number, pageCount: number, boundary = PAGINATION_BOUNDARY_COUNT, siblings = PAGINATION_SIBLING_COUNT): PageItem[] {
  if (pageCount <= 0) return [];
  const startPages = range(1, Math.min(boundary, pageCount));
  const endPages = range(Math.max(pageCount - boundary + 1, boundary + 1), pageCount);
  const siblingsStart = Math.max(Math.min(page - siblings, pageCount - boundary - siblings * 2 - 1), boundary + 2);
  const siblingsEnd = Math.min(Math.max(page + siblings, boundary + siblings * 2 + 2), pageCount - boundary - 1);
  return [
    ...startPages,
    ...(siblingsStart > boundary + 2 ? ["start-ellipsis" as const] : boundary + 1 < pageCount - boundary ? [boundary + 1] : []),
    ...range(siblingsStart, siblingsEnd),
    ...(siblingsEnd < pageCount - boundary - 1 ? ["end-ellipsis" as const] : pageCount - boundary > boundary ? [pageCount - boundary] : []),
    ...endPages,
  ];
}
