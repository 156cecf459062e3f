// The members table (§2 columns in the specification's order); every header sorts on the server.
// Only the rows in view and a margin are rendered (@tanstack/react-virtual), so a 1000-row page
// costs what a 30-row page does; the table still tells assistive technology its size and each
// row's place (aria-rowcount, aria-rowindex), and the row holding the focus stays rendered while it
// scrolls away, so keyboard focus survives scrolling. A row is memoised: a change re-renders it alone.
// As a team: a row shows who is calling the member, and a save refused because another landed since
// with Keep theirs / Save mine; opening the result selector or pressing the phone number (the call
// action) starts working the member, and focus leaving the row stops it. The keyboard work mode's
// current row is the one row in the tab order (a roving tabindex), marked aria-current with a
// focus ring; it stays rendered wherever it is, and the table scrolls to it when it takes focus.
import { defaultRangeExtractor, useVirtualizer, type Range } from "@tanstack/react-virtual";
import { createContext, memo, useContext, useEffect, useRef, useState, type CSSProperties, type FocusEvent, type MouseEvent, type Ref } from "react";
import type { Member, MemberResult, MemberSortColumn } from "../../machines/members/members.filters";
import type { ResultConflict } from "../../machines/members/members.machine";
import type { FocusTarget } from "../../machines/members/workMode.machine";
import { claimBadge } from "../../machines/members/team";
import { notePreview } from "../../machines/members/members.selectors";
import type { SortState } from "../../lib/sortRows";
import { rowColour } from "../../lib/resultColours";
import { BLANK_RESULT, RESULT_OPTIONS } from "../../../domain/vocabulary.ts";
import { formatDate, formatDateTime, memberName } from "./memberFormat";

interface ColumnSpec {
  header: string;
  sortBy: MemberSortColumn;
  /** Fixed width (rem): about the widest value of a 1000-row page. */
  width: number;
  numeric?: boolean;
}

/** §2 Members list columns, in order, each with the column the server sorts it by. */
const COLUMNS: ColumnSpec[] = [
  { header: "Subscriber ID", sortBy: "Subscriber_ID", width: 9 },
  { header: "Patient number", sortBy: "PatNum", width: 10 },
  { header: "MCO", sortBy: "MCO", width: 9 },
  { header: "Names", sortBy: "Last_Name", width: 18.5 },
  { header: "Practice", sortBy: "Practice", width: 6.5 },
  { header: "Address", sortBy: "Address1", width: 12 },
  { header: "Phone", sortBy: "Phone", width: 8.25 },
  { header: "Birth date", sortBy: "Date_of_Birth", width: 7.25 },
  { header: "Age", sortBy: "Age", width: 4.25, numeric: true },
  { header: "Days extracted", sortBy: "Days_Extracted", width: 9.75, numeric: true },
  { header: "Notes", sortBy: "notes", width: 17 },
  { header: "Note time", sortBy: "notestimestamp", width: 7.25 },
  { header: "Status", sortBy: "Status", width: 9 },
  { header: "Result", sortBy: "Result", width: 18.25 },
  { header: "Last visit", sortBy: "LastVisit", width: 7 },
  { header: "Next appointment", sortBy: "NextApt", width: 11.25 },
  { header: "Entry time", sortBy: "entryTime", width: 7.5 },
];

/** Every row is a grid of these columns (members.css), so the header and the rows line up. */
const TABLE_STYLE = {
  width: `${COLUMNS.reduce((sum, column) => sum + column.width, 0)}rem`,
  "--member-columns": COLUMNS.map((column) => `${column.width}rem`).join(" "),
} as CSSProperties;

/**
 * Whether the result selectors are locked (a load or a save is under way). A context rather than a
 * row prop: locking and unlocking re-render the 1000 selectors, not the 1000 rows.
 */
const LockedContext = createContext(false);

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
}

interface MembersTableProps extends RowActions {
  caption: string;
  members: readonly Member[];
  sort: SortState;
  onSort: (column: MemberSortColumn) => void;
  /** The result being saved, and for whom. */
  savingResult: { memberId: number; result: MemberResult } | null;
  /** The result waiting for "Save anyway?", shown in its selector meanwhile. */
  confirmingResult: { memberId: number; result: MemberResult } | null;
  conflicts: Record<number, ResultConflict>;
  /** The signed-in agent, whose own claims read "You are calling". */
  userId: number;
  /** The agent's focus left a member's row. */
  onLeave: (memberId: number) => void;
  /** The keyboard work mode's current row, and its latest request to move the focus. */
  current: { id: number; index: number } | null;
  focusRequest: { target: FocusTarget; seq: number };
  /** Focus came to a row (pointer or Tab): it becomes the current row. */
  onRowFocus: (index: number) => void;
  locked: boolean;
  busy: boolean;
  empty: string;
}

/** A row's height before it is measured: two lines (members.css keeps every row at two at most). */
const ROW_ESTIMATE_PX = 58;
/** Rows rendered beyond the view on each side: the next row is there before Tab or scrolling reaches it. */
const OVERSCAN_ROWS = 12;

/** The rows to render: those in view with their margin, and the focused and current rows wherever they are. */
const withFocused = (kept: readonly (number | null)[]) => (range: Range) => {
  const indexes = defaultRangeExtractor(range);
  const extra = kept.filter((index): index is number => index !== null && index < range.count && !indexes.includes(index));
  return extra.length === 0 ? indexes : [...new Set([...indexes, ...extra])].sort((a, b) => a - b);
};

export function MembersTable(props: MembersTableProps) {
  const { caption, members, sort, onSort, savingResult, confirmingResult, conflicts, userId, onLeave, current, focusRequest, onRowFocus, locked, busy, empty, ...actions } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<number | null>(null);
  // The app is not built with the React Compiler, which is what this rule guards.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: members.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: OVERSCAN_ROWS,
    getItemKey: (index) => members[index]!.id,
    rangeExtractor: withFocused([focused, current?.index ?? null]),
    // Before the container is measured (and in tests without layout): a view of about 16 rows.
    initialRect: { width: 0, height: 16 * ROW_ESTIMATE_PX },
  });
  const rowOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>("tr[data-index]") : null);
  const onFocus = (event: FocusEvent) => {
    const index = rowOf(event.target)?.dataset.index;
    if (index === undefined) return;
    setFocused(Number(index));
    onRowFocus(Number(index));
  };
  // The work mode asked for the focus: on the current row, or on its result selector (opened).
  // Each request once, never because the rows changed under a focus elsewhere.
  const handledRequest = useRef(0);
  useEffect(() => {
    if (focusRequest.seq === handledRequest.current || focusRequest.target === "search" || !current) return;
    handledRequest.current = focusRequest.seq;
    virtualizer.scrollToIndex(current.index);
    const tr = scrollRef.current?.querySelector<HTMLElement>(`tr[data-member-id="${current.id}"]`);
    if (focusRequest.target === "row") {
      tr?.focus();
      return;
    }
    const select = tr?.querySelector("select");
    select?.focus();
    try {
      select?.showPicker();
    } catch {
      // A browser that cannot open it from here leaves the selector focused, which opens on Alt+↓.
    }
  }, [focusRequest, current, virtualizer]);
  const onBlur = (event: FocusEvent) => {
    // The window losing focus (the agent switched to the phone) leaves the focus where it was.
    if (document.activeElement === event.target) return;
    const from = rowOf(event.target);
    const to = rowOf(event.relatedTarget);
    if (!to) setFocused(null);
    if (from && from !== to) onLeave(Number(from.dataset.memberId));
  };
  const classes = ["table-scroll", "members-table", busy && "members-table--busy"];
  return (
    <div ref={scrollRef} className={classes.filter(Boolean).join(" ")} aria-busy={busy}>
      <table className="data-table" style={TABLE_STYLE} aria-rowcount={members.length + 1}>
        <caption>{caption}</caption>
        <thead>
          <tr aria-rowindex={1}>
            {COLUMNS.map((column) => {
              const sorted = sort.column === column.sortBy;
              return (
                <th
                  key={column.sortBy}
                  scope="col"
                  className={column.numeric ? "num" : undefined}
                  aria-sort={sorted ? (sort.direction === "asc" ? "ascending" : "descending") : undefined}
                >
                  <button type="button" className="sort-button" disabled={locked} onClick={() => onSort(column.sortBy)}>
                    {column.header}
                    <span aria-hidden="true" className="sort-button__mark">
                      {sorted ? (sort.direction === "asc" ? "▲" : "▼") : "↕"}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <LockedContext.Provider value={locked}>
          {members.length === 0 ? (
            <tbody>
              <tr>
                <td colSpan={COLUMNS.length} className="data-table__empty">
                  {empty}
                </td>
              </tr>
            </tbody>
          ) : (
            <tbody className="members-table__rows" style={{ height: virtualizer.getTotalSize() }} onFocus={onFocus} onBlur={onBlur}>
              {virtualizer.getVirtualItems().map((item) => {
                const member = members[item.index]!;
                return (
                  <MemberRow
                    key={item.key}
                    ref={virtualizer.measureElement}
                    index={item.index}
                    offset={item.start}
                    member={member}
                    pendingResult={member.id === savingResult?.memberId ? savingResult.result : undefined}
                    shownResult={member.id === confirmingResult?.memberId ? confirmingResult.result : undefined}
                    conflict={conflicts[member.id]}
                    userId={userId}
                    current={member.id === current?.id}
                    {...actions}
                  />
                );
              })}
            </tbody>
          )}
        </LockedContext.Provider>
      </table>
    </div>
  );
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

const MemberRow = memo(function MemberRow(props: MemberRowProps) {
  const { ref, index, offset, member, pendingResult, shownResult, conflict, userId, current, saveResult, openNotes, openHistory, startWork, startCall } = props;
  const name = memberName(member);
  const colour = rowColour(member.Result, member.Status);
  const badge = member.claim ? claimBadge(member.claim, userId) : undefined;
  const classes = ["member-row", colour && `member-row--${colour.tone}`, conflict && "member-row--conflict", current && "member-row--current"];
  return (
    <tr
      ref={ref}
      className={classes.filter(Boolean).join(" ")}
      data-member-id={member.id}
      data-index={index}
      aria-rowindex={index + 2}
      aria-current={current ? "true" : undefined}
      tabIndex={current ? 0 : -1}
      style={{ transform: `translateY(${offset}px)` }}
    >
      <td>{member.Subscriber_ID}</td>
      <td>{member.PatNum}</td>
      <td>{member.MCO}</td>
      <th scope="row" className="member-row__name">
        {member.Last_Name}, {[member.First_Name, member.Middle_Name].filter(Boolean).join(" ")}
        {badge ? <span className={badge.own ? "claim-badge claim-badge--own" : "claim-badge"}>{badge.text}</span> : null}
      </th>
      <td>{member.Practice}</td>
      <td className="member-row__address">
        {member.Address1}
        <br />
        {member.City}, {member.State}
      </td>
      <td className="nowrap">
        {member.Phone ? (
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
        </span>
        {conflict ? <ConflictNotice conflict={conflict} memberId={member.id} name={name} keepTheirs={props.keepTheirs} saveMine={props.saveMine} /> : null}
      </td>
      <td>{formatDate(member.LastVisit)}</td>
      <td>{formatDateTime(member.NextApt)}</td>
      <td>{formatDateTime(member.entryTime)}</td>
    </tr>
  );
});

interface ConflictNoticeProps extends Pick<RowActions, "keepTheirs" | "saveMine"> {
  conflict: ResultConflict;
  memberId: number;
  name: string;
}

/** A save refused because another landed since: theirs (now in the selector), by whom and when, and the choice. */
function ConflictNotice({ conflict: { mine, current }, memberId, name, keepTheirs, saveMine }: ConflictNoticeProps) {
  const disabled = useContext(LockedContext);
  const label = (result: MemberResult) => (result === BLANK_RESULT ? "Blank" : result);
  // The notice goes with the choice: focus stays in the row, on its View History (never disabled).
  const choose = (event: MouseEvent<HTMLButtonElement>, choice: (memberId: number) => void) => {
    event.currentTarget.closest("td")?.querySelector<HTMLButtonElement>(".member-row__result-line button")?.focus();
    choice(memberId);
  };
  return (
    <div className="member-row__conflict" role="alert">
      <p>
        {current.savedBy.firstname} {current.savedBy.lastname} saved <strong>{label(current.Result)}</strong> at{" "}
        <time dateTime={current.savedAt}>{formatDateTime(current.savedAt)}</time>. Yours: <strong>{label(mine)}</strong>.
      </p>
      <span className="member-row__conflict-actions">
        <button type="button" className="button button--small" disabled={disabled} aria-label={`Keep theirs for ${name}`} onClick={(event) => choose(event, keepTheirs)}>
          Keep theirs
        </button>
        <button type="button" className="button button--small button--primary" disabled={disabled} aria-label={`Save mine for ${name}`} onClick={(event) => choose(event, saveMine)}>
          Save mine
        </button>
      </span>
    </div>
  );
}

interface ResultSelectProps {
  label: string;
  value: MemberResult;
  /** The agent is opening the selector (pointer, or a key that opens or changes it). */
  onOpen: () => void;
  onChange: (result: MemberResult) => void;
}

/** Keys that only move focus through the selector do not start working its member. */
const PASSING_KEYS = new Set(["Tab", "Shift", "Escape", "Control", "Alt", "Meta"]);

/** The result selector: Blank and every option of §4. */
function ResultSelect({ label, value, onOpen, onChange }: ResultSelectProps) {
  const disabled = useContext(LockedContext);
  return (
    <select
      aria-label={label}
      value={value}
      disabled={disabled}
      onPointerDown={onOpen}
      onKeyDown={(event) => PASSING_KEYS.has(event.key) || onOpen()}
      onChange={(event) => onChange(event.target.value as MemberResult)}
    >
      <option value={BLANK_RESULT}>Blank</option>
      {RESULT_OPTIONS.map((result) => (
        <option key={result} value={result}>
          {result}
        </option>
      ))}
    </select>
  );
}
