// §2 Members list columns, in the specification's order, each with the column the server sorts it
// by and a fixed width, so the header and the virtualised rows line up (members.css). The subscriber
// id and the name are pinned: they stay in place while the table scrolls sideways, so the agent sees
// whose result selector, phone or notes they are at.
import type { CSSProperties } from "react";
import type { MemberSortColumn } from "../../machines/members/members.filters";

export interface ColumnSpec {
  header: string;
  sortBy: MemberSortColumn;
  /**
   * Fixed width (rem): about the widest value of a 1000-row page (a date and time on two lines).
   * At 1366 px the pinned columns, the result and the columns after it fit the table's frame
   * together, so scrolled to its end the result selector is not under the name.
   */
  width: number;
  numeric?: boolean;
  /** Stays in place while the table scrolls sideways (members.css `.pinned--id`, `.pinned--name`). */
  pinned?: "id" | "name";
}

export const COLUMNS: ColumnSpec[] = [
  { header: "Subscriber ID", sortBy: "Subscriber_ID", width: 8.5, pinned: "id" },
  { header: "Patient number", sortBy: "PatNum", width: 10 },
  { header: "MCO", sortBy: "MCO", width: 9 },
  { header: "Names", sortBy: "Last_Name", width: 16, pinned: "name" },
  { header: "Practice", sortBy: "Practice", width: 6.5 },
  { header: "Address", sortBy: "Address1", width: 12 },
  { header: "Phone", sortBy: "Phone", width: 8.25 },
  { header: "Birth date", sortBy: "Date_of_Birth", width: 7.25 },
  { header: "Age", sortBy: "Age", width: 4.25, numeric: true },
  { header: "Days extracted", sortBy: "Days_Extracted", width: 9.75, numeric: true },
  { header: "Notes", sortBy: "notes", width: 17 },
  { header: "Note time", sortBy: "notestimestamp", width: 7.25 },
  { header: "Status", sortBy: "Status", width: 9 },
  { header: "Result", sortBy: "Result", width: 18 },
  { header: "Last visit", sortBy: "LastVisit", width: 6.5 },
  { header: "Next appointment", sortBy: "NextApt", width: 7.5 },
  { header: "Entry time", sortBy: "entryTime", width: 7.5 },
];

const widthOf = (columns: ColumnSpec[]) => columns.reduce((sum, column) => sum + column.width, 0);
const idColumns = COLUMNS.filter((column) => column.pinned === "id");

/** The class of a column's cells: pinned ones stay in place while the table scrolls sideways. */
export const pinnedClass = (column: ColumnSpec) => (column.pinned ? `pinned pinned--${column.pinned}` : undefined);

/** The table is as wide as its columns. */
export const TABLE_STYLE: CSSProperties = { width: `${widthOf(COLUMNS)}rem` };

/**
 * Every row is at least this tall (three lines: the result's selector, its tag and a Book callback
 * wrapped under a long tag), so a new page's rows sit where the table placed them before measuring
 * them: were rows of two lines and of three placed at one estimate, each measured row would move
 * its successors and the page would be laid out a second time before it is painted. Only a taller
 * row (a conflict notice) moves the rows after it.
 */
export const ROW_HEIGHT_PX = 76;

/**
 * Every row is a grid of these columns (members.css), so the header and the rows line up. The name
 * is pinned just right of the subscriber id, and scrolling to a control (Tab, the work mode) keeps
 * it clear of both pinned columns: set on the scrolling frame, which the table inherits them from.
 */
export const FRAME_STYLE = {
  "--member-columns": COLUMNS.map((column) => `${column.width}rem`).join(" "),
  "--pinned-name-left": `${widthOf(idColumns)}rem`,
  "--pinned-width": `${widthOf(COLUMNS.filter((column) => column.pinned))}rem`,
  "--member-row-height": `${ROW_HEIGHT_PX}px`,
} as CSSProperties;
