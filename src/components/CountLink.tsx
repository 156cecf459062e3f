// A report's count that opens the members behind it (report drill-down), or the bare number when
// there is nothing to open.
import { Link } from "wouter";

export function CountLink({ count, href, label }: { count: number; href: string | undefined; label: string }) {
  if (!href) return <>{count}</>;
  return (
    <Link href={href} className="count-link" title={label}>
      {count}
    </Link>
  );
}
