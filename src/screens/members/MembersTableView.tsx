// The members table as the list's parts give it: the rows and sort of the list, the result save's
// pending result, question and conflicts, the claims' rows worked, and the work mode's current row.
// The row actions are stable, so a memoised row re-renders only when its member changes.
import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import type { Member, MemberResult, MemberSortColumn } from "../../machines/members/members.filters";
import type { MembersParts } from "../../machines/members/members.machine";
import * as list from "../../machines/members/list/list.selectors";
import * as save from "../../machines/members/save/resultSave.selectors";
import * as workMode from "../../machines/members/workMode/workMode.selectors";
import { pickerMemberOf } from "../../machines/callbacks/picker/pickerMember";
import { MembersTable } from "./MembersTable";

interface MembersTableViewProps {
  parts: MembersParts;
  title: string;
  /** A page is being read or a result saved. */
  busy: boolean;
  locked: boolean;
}

/** What a row's controls send, and to which part. */
function useRowActions({ save: saver, claims, dialogs, list: lister, work, picker }: MembersParts) {
  return useMemo(
    () => ({
      saveResult: (member: Member, result: MemberResult) => saver.send({ type: "members.result.save", member, result }),
      keepTheirs: (memberId: number) => saver.send({ type: "members.conflict.keepTheirs", memberId }),
      saveMine: (memberId: number) => saver.send({ type: "members.conflict.saveMine", memberId }),
      openNotes: (member: Member) => dialogs.send({ type: "members.notes.open", member }),
      openHistory: (member: Member) => dialogs.send({ type: "members.history.open", member }),
      startWork: (member: Member) => claims.send({ type: "members.work.start", member }),
      startCall: (member: Member) => claims.send({ type: "members.call.start", member }),
      onLeave: (memberId: number) => claims.send({ type: "members.work.leave", memberId }),
      onRowFocus: (index: number) => work.send({ type: "work.focus", index }),
      onSort: (column: MemberSortColumn) => lister.send({ type: "members.sort.toggle", column }),
      bookCallback: (member: Member) => picker.send({ type: "callback.picker.open", member: pickerMemberOf(member) }),
    }),
    [saver, claims, dialogs, lister, work, picker],
  );
}

export function MembersTableView({ parts, title, busy, locked }: MembersTableViewProps) {
  const members = useSelector(parts.list, list.selectMembers);
  const sort = useSelector(parts.list, list.selectSort);
  const brand = useSelector(parts.list, list.selectBrandLabel);
  const pageNum = useSelector(parts.list, list.selectPageNum);
  const pageCount = useSelector(parts.list, list.selectPageCount);
  const counted = useSelector(parts.list, list.selectTotalCount) !== null;
  const userId = useSelector(parts.list, list.selectUserId);
  const savingResult = useSelector(parts.save, save.selectSavingResult);
  const confirming = useSelector(parts.save, save.selectConfirming);
  const conflicts = useSelector(parts.save, save.selectConflicts);
  const current = useSelector(parts.work, workMode.selectCurrent);
  const focusRequest = useSelector(parts.work, workMode.selectFocusRequest);
  const actions = useRowActions(parts);
  return (
    <MembersTable
      caption={`${title}, ${brand}: page ${pageNum}${counted ? ` of ${pageCount}` : ""}`}
      members={members}
      sort={sort}
      savingResult={savingResult}
      confirmingResult={confirming}
      conflicts={conflicts}
      userId={userId}
      current={current}
      focusRequest={focusRequest}
      locked={locked}
      busy={busy}
      opening={!counted}
      // While a page loads the status above the table says so; said in the table too, it showed twice.
      empty={busy ? "" : "No members match these filters."}
      {...actions}
    />
  );
}
