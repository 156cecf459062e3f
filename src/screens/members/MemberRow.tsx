// One row of the members table, memoised: a change re-renders it alone. It shows who is calling the
// member, and a save refused because another landed since; opening its result selector or pressing
// its phone number (the call action) starts working the member. The keyboard work mode's current
// row is the one row in the tab order (a roving tabindex), marked aria-current with a focus ring.
// A do-not-call member's phone link is disabled.
import { memo, type Ref } from "react";
import type { Member, MemberResult } from "../../machines/members/members.filters";
import type { ResultConflict } from "../../machines/members/save/resultSave.machine";
import { claimBadge } from "../../machines/members/team";
import { callbackBadge } from "../../machines/callbacks/callbackBadge";
import { useRenderAgainIn } from "../../components/useRenderAgainIn";
import { FOCUS_KEY_ATTRIBUTE } from "../../components/Modal";
import { notePreview } from "../../machines/members/list/list.selectors";
import { rowColour } from "../../lib/resultColours";
import { ConflictNotice } from "./ConflictNotice";
import { formatDate, formatDateTime, memberName } from "./memberFormat";
import { ResultSelect } from "./ResultSelect";
import { doNotCallText } from "./queueFormat";

export interface RowActions {
  saveResult: (member: Member, result: MemberResult) => void;
  openNotes: (member: Member) => void;
  openHistory: (member: Member) => void;
  /** The agent opened the member's result selector. */
  startWork: (member: Member) => void;
  /** The agent started a call from the member's phone link. */
  startCall: (member: Member) => void;
  keepTheirs: (memberId: number) => void;
  saveMine: (memberId: number) => void;
  /** Opens the callback picker for the member (a new callback, or its open one moved). */
  bookCallback: (member: Member) => void;
}

interface MemberRowProps extends RowActions {
  ref: Ref<HTMLTableRowElement>;
  /** The row's place in the page (0-based) and its distance from the top of the rows. */
  index: number;
  offset: number;
  member: Member;
  /** The result being saved for this member: shown until the reloaded list has it. */
  pendingResult?: MemberResult;
  /** The result the agent chose, shown while they are asked "Save anyway?". */
  shownResult?: MemberResult;
  conflict?: ResultConflict;
  userId: number;
  /** The keyboard work mode's current row. */
  current: boolean;
}

export const MemberRow = memo(function MemberRow(props: MemberRowProps) {
  const { ref, index, offset, member, userId, current, startCall, openNotes } = props;
  const name = memberName(member);
  const colour = rowColour(member.Result, member.Status);
  const badge = member.claim ? claimBadge(member.claim, userId) : undefined;
  const callback = member.callback ? callbackBadge(member.callback, userId) : undefined;
  useRenderAgainIn(callback?.overdueInMs);
  const classes = ["member-row", colour && `member-row--${colour.tone}`, props.conflict && "member-row--conflict", current && "member-row--current"];
  return (
    <tr
      ref={ref}
      className={classes.filter(Boolean).join(" ")}
      data-member-id={member.id}
      {...{ [FOCUS_KEY_ATTRIBUTE]: `member-${member.id}` }}
      data-index={index}
      aria-rowindex={index + 2}
      aria-current={current ? "true" : undefined}
      tabIndex={current ? 0 : -1}
      style={{ transform: `translateY(${offset}px)` }}
    >
      <td className="pinned pinned--id">{member.Subscriber_ID}</td>
      <td>{member.PatNum}</td>
      <td>{member.MCO}</td>
      <th scope="row" className="member-row__name pinned pinned--name">
        {member.Last_Name}, {[member.First_Name, member.Middle_Name].filter(Boolean).join(" ")}
        {badge ? <span className={badge.own ? "claim-badge claim-badge--own" : "claim-badge"}>{badge.text}</span> : null}
        {callback ? (
          <span className={callback.overdue ? "callback-badge callback-badge--overdue" : "callback-badge"} title={callback.text}>
            {callback.text}
          </span>
        ) : null}
      </th>
      <td>{member.Practice}</td>
      <td className="member-row__address">
        {member.Address1}
        <br />
        {member.City}, {member.State}
      </td>
      <td className="nowrap">
        {member.doNotCall ? (
          // A do-not-call member's number stays readable, but is no link to dial (DoNotCallBanner says why).
          <a role="link" aria-disabled="true" className="member-row__call member-row__call--off" title={doNotCallText(member.doNotCall)}>
            {member.Phone}
            <span className="visually-hidden"> (do not call {name})</span>
          </a>
        ) : member.Phone ? (
          <a href={`tel:${member.Phone.replace(/[^0-9+]/g, "")}`} className="member-row__call" onClick={() => startCall(member)}>
            {member.Phone}
            <span className="visually-hidden"> (call {name})</span>
          </a>
        ) : null}
      </td>
      <td>{formatDate(member.Date_of_Birth)}</td>
      <td className="num">{member.Age}</td>
      <td className="num">{member.Days_Extracted}</td>
      <td className="member-row__notes">
        <span className="member-row__note-preview" title={member.notes ?? undefined}>
          {notePreview(member.notes)}
        </span>
        <button type="button" className="button button--small" aria-label={`Add Notes for ${name}`} onClick={() => openNotes(member)}>
          Add Notes
        </button>
      </td>
      <td>{formatDateTime(member.notestimestamp)}</td>
      <td>{member.Status}</td>
      <ResultCell {...props} name={name} colour={colour} />
      <td>{formatDate(member.LastVisit)}</td>
      <td>{formatDateTime(member.NextApt)}</td>
      <td>{formatDateTime(member.entryTime)}</td>
    </tr>
  );
});

interface ResultCellProps extends MemberRowProps {
  name: string;
  colour: ReturnType<typeof rowColour>;
}

/** The result selector (showing a result being saved or asked about), its tag, View History, and a conflict. */
function ResultCell(props: ResultCellProps) {
  const { member, name, colour, pendingResult, shownResult, conflict, saveResult, startWork, openHistory, bookCallback, keepTheirs, saveMine } = props;
  return (
    <td className="member-row__result">
      <ResultSelect
        label={`Result for ${name}`}
        value={pendingResult ?? shownResult ?? member.Result}
        onOpen={() => startWork(member)}
        onChange={(result) => saveResult(member, result)}
      />
      <span className="member-row__result-line">
        {pendingResult !== undefined ? (
          <span className="member-row__tag" role="status">
            Saving…
          </span>
        ) : colour ? (
          <span className={`member-row__tag member-row__tag--${colour.tone}`}>{colour.label}</span>
        ) : null}
        <button type="button" className="button--link" aria-label={`View History of ${name}`} onClick={() => openHistory(member)}>
          View History
        </button>
        <button type="button" className="button--link" aria-label={`Book callback for ${name}`} onClick={() => bookCallback(member)}>
          Book callback
        </button>
      </span>
      {conflict ? <ConflictNotice conflict={conflict} memberId={member.id} name={name} keepTheirs={keepTheirs} saveMine={saveMine} /> : null}
    </td>
  );
}
