// CSV exports (openapi.yaml, the export operations): both backends write the file the same way, a
// header line then the rows, in chunks of a batch each so that a million rows never sit in memory.
// csv-stringify does the quoting; a cell that a spreadsheet would run as a formula is neutralised.
// Every cell holding a line break (CR or LF alone too), the delimiter, a semicolon or a quote is
// quoted: unquoted, a line break starts a new row whose first cell escapes the neutralisation, and a
// spreadsheet whose separator is `;` splits the cell there.
// The browser build: the same code with its own Buffer, so the fake backend runs it in the page too.
import { stringify } from "csv-stringify/browser/esm/sync";

export interface ExportColumn<TRow> {
  header: string;
  value: (row: TRow) => string | number | null;
}

/**
 * A text cell beginning with =, +, - or @ (or a tab or carriage return, which some spreadsheets
 * skip before reading a formula) is read by spreadsheets as a formula: a quote in front keeps it
 * text (OWASP "CSV injection"). Numbers are never neutralised.
 */
export function neutraliseCell(value: string | number | null): string | number {
  if (value === null) return "";
  if (typeof value === "number") return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

// csv-stringify quotes the delimiter and quotes by itself; with a record delimiter of our own it
// quotes a lone \n or \r only when asked (quote_record_delimiter).
const CSV_OPTIONS = { record_delimiter: "\r\n" as const, quote_record_delimiter: true, quoted_match: [/^\s|\s$/, ";"] };

/** The header line of an export. */
export function csvHeader<TRow>(columns: readonly ExportColumn<TRow>[]): string {
  return stringify([columns.map((column) => neutraliseCell(column.header))], CSV_OPTIONS);
}

/** The lines of a batch of rows (empty for no rows). */
export function csvLines<TRow>(columns: readonly ExportColumn<TRow>[], rows: readonly TRow[]): string {
  if (rows.length === 0) return "";
  return stringify(rows.map((row) => columns.map((column) => neutraliseCell(column.value(row)))), CSV_OPTIONS);
}
