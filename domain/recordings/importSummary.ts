// The run log of "Import call recordings" (the Crons modal): how many recordings came in from
// where, how many keys were refused and why, by kind; a run that found nothing new says so.
const count = (value: number) => value.toLocaleString("en-US");
const plural = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;

export interface RecordingsImportOutcome {
  /** The phone system's place, as configured. */
  place: string;
  /** The last key a previous run took in; undefined when none has. */
  after: string | undefined;
  rowsRead: number;
  rowsWritten: number;
  rowsRejected: number;
  /** Refused keys by kind (outside the layout, unknown practice, not audio, empty, no matching call, gone). */
  refusals: ReadonlyMap<string, number>;
  /** Why the run ended early: it goes on from its last page at the next run. */
  stopped?: string;
  /** Recordings earlier runs took in that this run found not to be audio (or gone) and removed. */
  earlierRemoved?: number;
}

export function recordingsImportSummary({ place, after, rowsRead, rowsWritten, rowsRejected, refusals, stopped, earlierRemoved = 0 }: RecordingsImportOutcome): string {
  const since = after === undefined ? "" : ` after ${after}`;
  const why = [...refusals].map(([kind, n]) => `${kind}: ${count(n)}`).join(", ");
  const refused = rowsRejected > 0 ? `; ${plural(rowsRejected, "key", "keys")} refused (${why})` : "";
  const already = rowsRead - rowsWritten - rowsRejected;
  const skipped = already > 0 ? `; ${plural(already, "key was", "keys were")} imported before` : "";
  const removed = earlierRemoved > 0 ? `; ${plural(earlierRemoved, "recording", "recordings")} of earlier runs removed (not audio, or gone)` : "";
  const done =
    rowsRead === 0 && !stopped ? `No new recordings in ${place}${since}${removed}` : `Imported ${plural(rowsWritten, "recording", "recordings")} from ${place}${refused}${skipped}${removed}`;
  if (stopped && rowsRead === 0) return `Failed: ${stopped}; the next run tries again`;
  return stopped ? `${done}; stopped: ${stopped}; the next run goes on after the last key imported` : done;
}
