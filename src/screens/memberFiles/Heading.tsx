// A heading at the level its place on the page needs (the member files' flow is the page's own, the
// feeds' sits in their section).
import type { ReactNode } from "react";

export type HeadingLevel = 2 | 3;

export function Heading({ level, children }: { level: HeadingLevel; children: ReactNode }) {
  return level === 2 ? <h2>{children}</h2> : <h3>{children}</h3>;
}
