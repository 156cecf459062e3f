// A CSV export of the fake backend, sent as the server sends it: the header line, then one batch
// of lines at a time, pulled as the browser reads, so a large export never sits whole in memory.
import { attachmentDisposition } from "../../domain/recordings/contentDisposition.ts";
import { csvHeader, csvLines, type ExportColumn } from "../../domain/exports/csv.ts";
import { EXPORT_ROW_COUNT_HEADER } from "../../domain/exports/protocol.ts";

export interface CsvExport<TRow> {
  fileName: string;
  columns: readonly ExportColumn<TRow>[];
  rowCount: number;
  batches: Iterator<readonly TRow[]>;
}

export function csvResponse<TRow>({ fileName, columns, rowCount, batches }: CsvExport<TRow>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvHeader(columns)));
    },
    pull(controller) {
      const next = batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvLines(columns, next.value)));
    },
    cancel() {
      batches.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(fileName),
      [EXPORT_ROW_COUNT_HEADER]: String(rowCount),
      "Cache-Control": "no-store",
    },
  });
}

/** Rows already in memory (a report's), as one batch. */
export function* oneBatch<TRow>(rows: readonly TRow[]): Generator<readonly TRow[]> {
  yield rows;
}

/** Each row of each batch as `map` makes it, batch by batch. */
export function* mapBatches<TRow, TOut>(batches: Iterable<readonly TRow[]>, map: (row: TRow) => TOut): Generator<TOut[]> {
  for (const batch of batches) yield batch.map(map);
}

/** Rows already in memory (in their order), `size` at a time. */
export function* batchesOf<TRow>(rows: readonly TRow[], size: number): Generator<readonly TRow[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}
