// §9 "Pagination boundary and sibling range: 1": the pages a pagination bar shows. The first and
// last page (boundary), the current page with one page either side (siblings), and a gap where
// pages are left out; a gap of one page shows that page instead.
import { PAGINATION_BOUNDARY_COUNT, PAGINATION_SIBLING_COUNT } from "../../lib/constants";

export type PageItem = { kind: "page"; page: number } | { kind: "gap"; key: string };

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

export function pageItems(
  current: number,
  pageCount: number,
  boundary = PAGINATION_BOUNDARY_COUNT,
  siblings = PAGINATION_SIBLING_COUNT,
): PageItem[] {
  if (pageCount <= 0) return [];
  const shown = new Set([
    ...range(1, Math.min(boundary, pageCount)),
    ...range(Math.max(pageCount - boundary + 1, 1), pageCount),
    ...range(Math.max(current - siblings, 1), Math.min(current + siblings, pageCount)),
  ]);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of [...shown].sort((a, b) => a - b)) {
    if (page - previous === 2) items.push({ kind: "page", page: previous + 1 });
    else if (page - previous > 2) items.push({ kind: "gap", key: `gap-${previous}` });
    items.push({ kind: "page", page });
    previous = page;
  }
  return items;
}
