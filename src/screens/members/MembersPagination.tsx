// §2 Pagination with page size choices 15, 50, 100, 1000; §9 boundary and sibling range 1.
import { useId } from "react";
import { PAGE_SIZES, type PageSize } from "../../lib/constants";
import type { PageItem } from "../../machines/members/pagination";
import { countFormat } from "./memberFormat";

interface MembersPaginationProps {
  items: PageItem[];
  pageNum: number;
  pageCount: number;
  pageSize: PageSize;
  shown: { first: number; last: number; total: number };
  disabled: boolean;
  onPage: (pageNum: number) => void;
  onPageSize: (pageSize: PageSize) => void;
}

export function MembersPagination({ items, pageNum, pageCount, pageSize, shown, disabled, onPage, onPageSize }: MembersPaginationProps) {
  const sizeId = useId();
  return (
    <div className="members-pagination">
      <p className="members-pagination__range" aria-live="polite">
        {shown.total === 0
          ? "No members"
          : `Showing ${countFormat.format(shown.first)}–${countFormat.format(shown.last)} of ${countFormat.format(shown.total)}`}
      </p>
      <nav aria-label="Pages of members">
        <ul className="members-pagination__pages">
          <li>
            <button type="button" className="button" disabled={disabled || pageNum <= 1} onClick={() => onPage(pageNum - 1)}>
              <span aria-hidden="true">‹ </span>Previous
            </button>
          </li>
          {items.map((item) =>
            item.kind === "gap" ? (
              <li key={item.key} aria-hidden="true" className="members-pagination__gap">
                …
              </li>
            ) : (
              <li key={item.page}>
                <button
                  type="button"
                  className={`button${item.page === pageNum ? " button--primary" : ""}`}
                  aria-current={item.page === pageNum ? "page" : undefined}
                  aria-label={`Page ${item.page}`}
                  disabled={disabled}
                  onClick={() => item.page !== pageNum && onPage(item.page)}
                >
                  {item.page}
                </button>
              </li>
            ),
          )}
          <li>
            <button type="button" className="button" disabled={disabled || pageNum >= pageCount} onClick={() => onPage(pageNum + 1)}>
              Next<span aria-hidden="true"> ›</span>
            </button>
          </li>
        </ul>
      </nav>
      <div className="members-pagination__size">
        <label htmlFor={sizeId}>Rows per page</label>
        <select
          id={sizeId}
          value={pageSize}
          disabled={disabled}
          onChange={(event) => onPageSize(Number(event.target.value) as PageSize)}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
