// The members list once it has opened: the campaigns Next serves from, the member the work queue
// served (or why nobody), notices,
// filters, the legends of row colours and result
// keys, the live stream's state, the do-not-call banner of the current row, then the table with its pager (or why the page could not load).
import { useSelector } from "@xstate/react";
import type { RefObject } from "react";
import type { MembersParts } from "../../machines/members/members.machine";
import { selectStatus } from "../../machines/members/list/list.selectors";
import { selectControlsLocked } from "../../machines/members/save/resultSave.selectors";
import { ListActivity, ListFailure, LiveStatus, UnknownLinkNotice } from "./ListNotices";
import { MembersFilters } from "./MembersFilters";
import { MembersPager } from "./MembersPager";
import { MembersTableView } from "./MembersTableView";
import { RowColourLegend } from "./RowColourLegend";
import { ResultKeysLegend } from "./WorkModeKeys";
import { NowCalling } from "./NowCalling";
import { CampaignFilterNotice, CampaignsNotice } from "./CampaignPanel";
import { DoNotCallBanner } from "./DoNotCallBanner";

interface MembersListProps {
  parts: MembersParts;
  title: string;
  /** Where the work mode's `/` puts the focus. */
  searchRef: RefObject<HTMLInputElement | null>;
}

export function MembersList({ parts, title, searchRef }: MembersListProps) {
  const status = useSelector(parts.list, selectStatus);
  // Controls wait while a result is saved (the save is not cancelled by a new filter).
  const locked = useSelector(parts.save, selectControlsLocked);
  const busy = status === "loading" || locked;
  return (
    <>
      <CampaignsNotice actor={parts.campaign} />
      <NowCalling parts={parts} />
      <UnknownLinkNotice list={parts.list} />
      <MembersFilters list={parts.list} locked={locked} searchRef={searchRef} />
      <CampaignFilterNotice list={parts.list} panel={parts.campaign} />
      <RowColourLegend />
      <ResultKeysLegend />
      <LiveStatus list={parts.list} />
      <ListActivity list={parts.list} busy={busy} />
      <DoNotCallBanner parts={parts} />
      {status === "failed" ? (
        <ListFailure list={parts.list} />
      ) : (
        <>
          <MembersTableView parts={parts} title={title} busy={busy} locked={locked} />
          <MembersPager list={parts.list} locked={locked} />
        </>
      )}
    </>
  );
}
