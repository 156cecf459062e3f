// The one pager of every paged table: a summary ("Showing 16–30 of 1,234"), previous, the pages of
// §9 (boundary and sibling range 1), next, and the page size choices 15, 50, 100, 1000.
import { useId } from "react";
import { PAGE_SIZES, type PageSize } from "../lib/constants";
import { pageItems } from "../lib/pagination";
import "./pagination.css";

interface PaginationProps {
  /** The navigation's accessible name, e.g. "Pages of members". */
  label: string;
  page: number;
  pageCount: number;
  pageSize: PageSize;
  /** Read out when it changes: the rows shown, or why some pages are not offered. */
  summary?: string;
  disabled?: boolean;
  onPage: (page: number) => void;
  onPageSize: (pageSize: PageSize) => void;
}

export function Pagination({ label, page, pageCount, pageSize, summary, disabled = false, onPage, onPageSize }: PaginationProps) {
  const sizeId = useId();
  return (
    <div className="pagination">
      {summary !== undefined && (
        <p className="pagination__summary" aria-live="polite">
          {summary}
        </p>
      )}
      {pageCount > 1 && (
        <nav aria-label={label}>
          <ul className="pagination__pages">
            <li>
              <button type="button" className="button" disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
                <span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> page</span>
              </button>
            </li>
            {pageItems(page, pageCount).map((item) =>
              typeof item === "number" ? (
                <li key={item}>
                  <button
                    type="button"
                    className={`button${item === page ? " button--primary" : ""}`}
                    aria-current={item === page ? "page" : undefined}
                    aria-label={`Page ${item}`}
                    disabled={disabled}
                    onClick={() => item !== page && onPage(item)}
                  >
                    {item}
                  </button>
                </li>
              ) : (
                <li key={item} aria-hidden="true" className="pagination__gap">
                  …
                </li>
              ),
            )}
            <li>
              <button type="button" className="button" disabled={disabled || page >= pageCount} onClick={() => onPage(page + 1)}>
                Next<span className="visually-hidden"> page</span>
                <span aria-hidden="true"> ›</span>
              </button>
            </li>
          </ul>
        </nav>
      )}
      <div className="pagination__size">
        <label htmlFor={sizeId}>Rows per page</label>
        <select id={sizeId} value={pageSize} disabled={disabled} onChange={(event) => onPageSize(Number(event.target.value) as PageSize)}>
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
