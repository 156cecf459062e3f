// What a batch of practice data is applied for (applyFeedBatch.ts), and what applying it did.

/** Who and what a batch is applied for. */
export interface FeedRun {
  now: Date;
  /** The audit log's action for the members it changes: "feed appointments APPTS_20261116.csv", "feed appointments Open Dental". */
  action: string;
  /** The practice group's zone: a practice without its own dates its visits in it. */
  groupZone: string;
  /** The administrator of an upload; a file of the inbox, the command and the connector have none. */
  userId?: number;
  address?: string;
}

export interface AppliedBatch {
  /** Records that changed a row (a record seen before with nothing newer changes none). */
  written: number;
  /** Records naming a patient number no member of their practice has: kept, and counted here. */
  unmatched: number;
  /** Members whose Status, visits or callback changed. */
  memberIds: number[];
  /** Open callbacks closed because the practice booked their member: their `callback` events follow the commit. */
  closedCallbackIds: number[];
}
