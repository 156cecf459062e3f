// What a connector run read and wrote, as its run log tells it (the Crons modal): each feed's
// records, those written and those naming a patient no member has, and the rows it read but could
// not write (a clinic no practice is).
import type { FeedName } from "../../domain/feeds/records.ts";
import type { AppliedBatch } from "../feeds/applyFeedBatch.ts";
import type { RunCounts } from "../jobs/runs.repository.ts";

interface FeedTally {
  written: number;
  unmatched: number;
}

export interface ConnectorTally {
  rowsRead: number;
  /** Appointments of the schedule that are no visits (patient notes). */
  notVisits: number;
  otherClinics: Map<string, number>;
  feeds: Map<FeedName, FeedTally>;
  otherClinic: (clinicNum: string) => void;
  add: (feed: FeedName, applied: AppliedBatch) => void;
  counts: () => RunCounts;
}

export function emptyTally(): ConnectorTally {
  const tally: ConnectorTally = {
    rowsRead: 0,
    notVisits: 0,
    otherClinics: new Map(),
    feeds: new Map(),
    otherClinic: (clinicNum) => tally.otherClinics.set(clinicNum, (tally.otherClinics.get(clinicNum) ?? 0) + 1),
    add: (feed, applied) => {
      const feedTally = tally.feeds.get(feed) ?? { written: 0, unmatched: 0 };
      feedTally.written += applied.written;
      feedTally.unmatched += applied.unmatched;
      tally.feeds.set(feed, feedTally);
    },
    counts: () => {
      const written = [...tally.feeds.values()].reduce((sum, feed) => sum + feed.written, 0);
      const elsewhere = [...tally.otherClinics.values()].reduce((sum, count) => sum + count, 0);
      return { rowsRead: tally.rowsRead, rowsWritten: written, rowsRejected: elsewhere };
    },
  };
  return tally;
}

const count = (value: number) => value.toLocaleString("en-US");
const FEED_NAMES: Record<FeedName, string> = {
  appointments: "appointments and first visits",
  "deleted-appointments": "deleted appointments",
  "planned-treatment": "planned treatment",
  leads: "leads",
};

/** "Read 5,012 changed rows of host:3306/db: appointments … 4,990 written (3 of patients no member has); …". */
export function connectorSummary(source: string, tally: ConnectorTally): string {
  if (tally.rowsRead === 0) return `No change in ${source} since the last run`;
  const feeds = [...tally.feeds].map(([feed, { written, unmatched }]) => `${FEED_NAMES[feed]} ${count(written)} written${unmatched > 0 ? ` (${count(unmatched)} of patients no member has)` : ""}`);
  const clinics = [...tally.otherClinics].map(([clinic, rows]) => `${count(rows)} of clinic ${clinic}`);
  const skipped = [
    clinics.length > 0 ? `not written, no practice is their clinic (OPENDENTAL_CLINICS): ${clinics.join(", ")}` : "",
    tally.notVisits > 0 ? `${count(tally.notVisits)} patient notes of the schedule, no visits` : "",
  ].filter(Boolean);
  return `Read ${count(tally.rowsRead)} changed ${tally.rowsRead === 1 ? "row" : "rows"} of ${source}: ${[feeds.join("; ") || "nothing to write", ...skipped].join("; ")}`;
}
