import { useEffect } from "react";

/** Names the browser tab after the page, so staff with many tabs find theirs. */
export function DocumentTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} · Recall Desk`;
  }, [title]);
  return null;
}
