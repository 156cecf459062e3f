// §2 Pagination of the members list (§9: at most 30 pages offered), with the page size choices.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { Pagination } from "../../components/Pagination";
import { MEMBERS_PAGINATION_PAGES, type PageSize } from "../../lib/constants";
import type { membersListMachine } from "../../machines/members/list/list.machine";
import * as list from "../../machines/members/list/list.selectors";
import { countFormat } from "./memberFormat";

interface MembersPagerProps {
  list: ActorRefFrom<typeof membersListMachine>;
  /** A result is being saved: the pages wait. */
  locked: boolean;
}

export function MembersPager({ list: actor, locked }: MembersPagerProps) {
  const pageNum = useSelector(actor, list.selectPageNum);
  const pageSize = useSelector(actor, list.selectPageSize);
  const pageCount = useSelector(actor, list.selectPageCount);
  const capped = useSelector(actor, list.selectPagesCapped);
  const shown = useSelector(actor, list.selectShownRange);
  const loading = useSelector(actor, list.selectStatus) === "loading";
  return (
    <Pagination
      label="Pages of members"
      page={pageNum}
      pageCount={pageCount}
      pageSize={pageSize}
      summary={shownSummary(shown, capped, loading)}
      disabled={locked}
      onPage={(page) => actor.send({ type: "members.page.change", pageNum: page })}
      onPageSize={(size: PageSize) => actor.send({ type: "members.pageSize.change", pageSize: size })}
    />
  );
}

/**
 * "Showing 16–30 of 1,234", and why a long list offers only its first 30 pages. Nothing before the
 * first page has loaded, and never "No members" while a page is being read.
 */
function shownSummary({ first, last, total }: { first: number; last: number; total: number | null }, capped: boolean, loading: boolean): string {
  if (total === null || (total === 0 && loading)) return "";
  if (total === 0) return "No members";
  const range = `Showing ${countFormat.format(first)}–${countFormat.format(last)} of ${countFormat.format(total)}`;
  return capped ? `${range}. The first ${MEMBERS_PAGINATION_PAGES} pages are offered: filter or search to reach the others.` : range;
}
