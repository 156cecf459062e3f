// A CSV export sent as it is made: the header line, then each batch's lines. Nothing is written to
// disk, and a client that goes away ends the stream, which ends the generator: no more batches
// are read and no half file is left anywhere.
import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { attachmentDisposition } from "../../domain/recordings/contentDisposition.ts";
import { csvHeader, csvLines, type ExportColumn } from "../../domain/exports/csv.ts";
import { EXPORT_ROW_COUNT_HEADER } from "../../domain/exports/protocol.ts";

export interface CsvExport<TRow> {
  fileName: string;
  columns: readonly ExportColumn<TRow>[];
  /** How many rows `batches` will give, for the browser's progress. */
  rowCount: number;
  batches: AsyncIterable<readonly TRow[]>;
}

async function* csvChunks<TRow>(columns: readonly ExportColumn<TRow>[], batches: AsyncIterable<readonly TRow[]>): AsyncGenerator<string> {
  yield csvHeader(columns);
  for await (const rows of batches) yield csvLines(columns, rows);
}

export function sendCsv<TRow>(reply: FastifyReply, { fileName, columns, rowCount, batches }: CsvExport<TRow>): never {
  reply.headers({
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": attachmentDisposition(fileName),
    [EXPORT_ROW_COUNT_HEADER.toLowerCase()]: String(rowCount),
    "cache-control": "no-store",
  });
  // The reply is a thenable: the route waits on it until the stream ends or is cut off.
  return reply.send(Readable.from(csvChunks(columns, batches))) as never;
}

/** A list already in memory (a report's rows) as one batch. */
export async function* oneBatch<TRow>(rows: readonly TRow[]): AsyncGenerator<readonly TRow[]> {
  yield rows;
}
