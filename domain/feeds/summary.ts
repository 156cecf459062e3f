// What a feed file's run says in its log (the Crons modal, the import page, the command): never
// "success" for a file that gave nothing to apply.
import { rejectionReasons } from "../jobs.ts";

export interface FeedOutcome {
  feed: string;
  file: string;
  rowsWritten: number;
  rowsRejected: number;
  rowsChanged: number;
  unmatched: number;
  membersChanged: number;
  examples: { line: number; reason: string }[];
}

const count = (value: number) => value.toLocaleString("en-US");
const rows = (value: number) => `${count(value)} ${value === 1 ? "row" : "rows"}`;

export function feedSummary(outcome: FeedOutcome): string {
  const { file, feed, rowsWritten, rowsRejected, examples } = outcome;
  const reasons = rejectionReasons(rowsRejected, examples);
  if (rowsWritten === 0 && rowsRejected === 0) return `Nothing imported: ${file} has no rows under its header`;
  if (rowsWritten === 0) return `Nothing imported from ${file}: every row was rejected, ${rows(rowsRejected)}${reasons}`;
  const known = rowsWritten - outcome.rowsChanged;
  return (
    `Imported ${rows(rowsWritten)} of ${feed} from ${file}: ${count(outcome.rowsChanged)} new or changed, ${count(known)} known already, ` +
    `${count(outcome.unmatched)} for patients no member has, ${count(outcome.membersChanged)} members updated, ${count(rowsRejected)} rejected${reasons}`
  );
}

/** The feed a file's name names by its start (`appointments_20261118.csv`, `planned-treatment.csv`), if any. */
export function feedOfFileName<F extends string>(name: string, feeds: readonly F[]): F | undefined {
  const base = name.replace(/^.*[\\/]/, "").toLowerCase();
  return [...feeds].sort((a, b) => b.length - a.length).find((feed) => base.startsWith(feed) && /^[._-]/.test(base.slice(feed.length)) && base.endsWith(".csv"));
}
