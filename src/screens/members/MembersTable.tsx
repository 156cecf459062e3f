// The members table (§2 columns in the specification's order); every header sorts on the server.
// Only the rows in view and a margin are rendered (@tanstack/react-virtual), so a 1000-row page
// costs what a 30-row page does; the table still tells assistive technology its size and each
// row's place (aria-rowcount, aria-rowindex), and the rows holding the focus and the work mode's
// current row stay rendered wherever they are, so keyboard focus survives scrolling. Rows are keyed
// by their place in the page, not by member: a new sort or page then writes the new members into the
// rows already in the document instead of building every row again (and measuring each new row, which
// forced the page's style and layout inside React's commit); a memoised row whose member did not
// change (a live update of another row) is not rendered again.
import { defaultRangeExtractor, useVirtualizer, type Range } from "@tanstack/react-virtual";
import { useRef } from "react";
import type { Member, MemberResult, MemberSortColumn } from "../../machines/members/members.filters";
import type { ResultConflict } from "../../machines/members/save/resultSave.machine";
import type { FocusTarget } from "../../machines/members/workMode/workMode.machine";
import type { SortState } from "../../lib/sortRows";
import { COLUMNS, FRAME_STYLE, ROW_HEIGHT_PX, TABLE_STYLE } from "./memberColumns";
import { MemberRow, type RowActions } from "./MemberRow";
import { MembersTableHeader } from "./MembersTableHeader";
import { LockedContext } from "./ResultSelect";
import { useFocusRequests, useRowFocus } from "./useRowFocus";

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
  onLeave: (memberId: number) => void;
  /** The keyboard work mode's current row, and its latest request to move the focus. */
  current: { id: number; index: number } | null;
  focusRequest: { target: FocusTarget; seq: number };
  onRowFocus: (index: number) => void;
  locked: boolean;
  busy: boolean;
  /** No page has been shown yet: the frame keeps the height a page will take, so the pager under it does not jump. */
  opening: boolean;
  empty: string;
}

/**
 * Rows rendered beyond the view on each side: the next row is there before Tab or scrolling reaches
 * it. Each one is a row more that a new sort or page writes, lays out and paints.
 */
const OVERSCAN_ROWS = 6;
/** A page this short is rendered whole, wherever it is scrolled (the default page of 15 rows). */
const WHOLE_PAGE_ROWS = 15;

/** The rows to render: those in view with their margin, and the focused and current rows wherever they are. */
const withFocused = (kept: readonly (number | null)[]) => (range: Range) => {
  const indexes = defaultRangeExtractor(range);
  const extra = kept.filter((index): index is number => index !== null && index < range.count && !indexes.includes(index));
  return extra.length === 0 ? indexes : [...new Set([...indexes, ...extra])].sort((a, b) => a - b);
};

export function MembersTable(props: MembersTableProps) {
  const { caption, members, sort, onSort, savingResult, confirmingResult, conflicts, userId, onLeave, current, focusRequest, onRowFocus, locked, busy, opening, empty, ...actions } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const { focused, onFocus, onBlur } = useRowFocus({ onRowFocus, onLeave });
  // The app is not built with the React Compiler, which is what this rule guards.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: members.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: members.length <= WHOLE_PAGE_ROWS ? WHOLE_PAGE_ROWS : OVERSCAN_ROWS,
    rangeExtractor: withFocused([focused, current?.index ?? null]),
    // Before the container is measured (and in tests without layout): a view of about 16 rows.
    initialRect: { width: 0, height: 12 * ROW_HEIGHT_PX },
  });
  useFocusRequests({ scrollRef, virtualizer, current, focusRequest });
  const classes = ["table-scroll", "members-table", busy && "members-table--busy", opening && "members-table--opening"];
  return (
    <div ref={scrollRef} className={classes.filter(Boolean).join(" ")} style={FRAME_STYLE} aria-busy={busy}>
      <table className="data-table" style={TABLE_STYLE} aria-rowcount={members.length + 1}>
        <caption>{caption}</caption>
        <MembersTableHeader sort={sort} onSort={onSort} locked={locked} />
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
                    key={item.index}
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
