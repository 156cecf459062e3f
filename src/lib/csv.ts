// CSV files the reports offer (§2 Priority Status Report "Export CSV"; §9 CSV names), built with
// papaparse: a header line of the column titles, then one line per row, comma-delimited.
import Papa from "papaparse";

/** A file made in the browser and handed to it (the first visits' CSV). */
export interface FileDownload {
  fileName: string;
  content: string;
  mimeType: string;
}

export interface CsvColumn<TRow> {
  header: string;
  value: (row: TRow) => string | number;
}

export function buildCsv<TRow>(columns: readonly CsvColumn<TRow>[], rows: readonly TRow[], delimiter = ","): string {
  // Arrays rather than { fields, data }: papaparse writes nothing, not even the header, for no data.
  const lines = [columns.map((column) => column.header), ...rows.map((row) => columns.map((column) => column.value(row)))];
  return Papa.unparse(lines, { delimiter, newline: "\r\n" });
}
