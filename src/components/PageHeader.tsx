// A screen's heading with its actions (Print, Refresh, Export CSV…). The heading's id names the
// screen's section (aria-labelledby="page-title").
import type { ReactNode } from "react";

interface PageHeaderProps {
  title: ReactNode;
  className?: string;
  /** The screen's buttons, right of the heading. */
  children?: ReactNode;
}

export function PageHeader({ title, className, children }: PageHeaderProps) {
  return (
    <header className={className ? `page__header ${className}` : "page__header"}>
      <h1 id="page-title">{title}</h1>
      {children ? <div className="page__actions">{children}</div> : null}
    </header>
  );
}
