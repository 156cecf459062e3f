// The one way the practices' data is written, whatever brought it (a feed's CSV file, the Open
// Dental connector): a batch of normalized records (domain/feeds/records.ts) applied in the
// caller's transaction, so that the caller's run counts or watermark commit with it. Every write is
// keyed by practice and the source's own number: applying a batch again changes nothing.
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { FeedBatch } from "../../domain/feeds/records.ts";
import { applyAppointments } from "./appointments.repository.ts";
import type { AppliedBatch, FeedRun } from "./feedRun.ts";
import { applyDeletedAppointments, applyLeads, applyPlannedTreatment } from "./reportRows.repository.ts";

export async function applyFeedBatch(trx: Kysely<Database>, batch: FeedBatch, run: FeedRun): Promise<AppliedBatch> {
  switch (batch.feed) {
    case "appointments":
      return applyAppointments(trx, batch.records, batch.firstVisits ?? [], run);
    case "deleted-appointments":
      return applyDeletedAppointments(trx, batch.records);
    case "planned-treatment":
      return applyPlannedTreatment(trx, batch.records);
    case "leads":
      return applyLeads(trx, batch.records);
  }
}

export type { AppliedBatch, FeedRun } from "./feedRun.ts";
