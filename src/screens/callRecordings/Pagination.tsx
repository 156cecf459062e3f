// A pager: previous, the page items of the machine (boundary and siblings of §9), next.
import type { PageItem } from "../../machines/callRecordings/pagination";

interface PaginationProps {
  label: string;
  page: number;
  pageCount: number;
  items: PageItem[];
  onChange: (page: number) => void;
}

export function Pagination({ label, page, pageCount, items, onChange }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Previous<span className="visually-hidden"> page</span>
      </button>
      <ul className="pager__list">
        {items.map((item) =>
          typeof item === "number" ? (
            <li key={item}>
              <button
                type="button"
                className={`button pager__page${item === page ? " pager__page--current" : ""}`}
                aria-current={item === page ? "page" : undefined}
                aria-label={`Page ${item}`}
                onClick={() => onChange(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="pager__gap">
              …
            </li>
          ),
        )}
      </ul>
      <button type="button" className="button" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
        Next<span className="visually-hidden"> page</span>
      </button>
    </nav>
  );
}
