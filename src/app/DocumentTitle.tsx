import { useEffect } from "react";
import { useMembersTitle } from "./useMembersTitle";

/** Names the browser tab after the page, so staff with many tabs find theirs; a region's page by the region's current name. */
export function DocumentTitle({ title: fallback, region }: { title: string; region?: string }) {
  const title = useMembersTitle(fallback, region);
  useEffect(() => {
    document.title = `${title} · Recall Desk`;
  }, [title]);
  return null;
}
