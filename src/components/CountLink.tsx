// A report's count that opens the members behind it (report drill-down), or the bare number when
// there is nothing to open; written with thousands separators, as every report writes counts.
import { Link } from "wouter";
import { formatCount } from "../lib/format";

export function CountLink({ count, href }: { count: number; href: string | undefined }) {
  if (!href) return <>{formatCount(count)}</>;
  return (
    <Link href={href} className="count-link" title={`Open these ${formatCount(count)} members`}>
      {formatCount(count)}
    </Link>
  );
}
