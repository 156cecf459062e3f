// The demo world's practice data written as a practice's feeds write theirs: its appointments,
// leads, deleted appointments and planned treatment become feed records (domain/feeds/records.ts)
// applied by applyFeedBatch in batches. The appointments make the members' Status, last visit, next
// appointment and first visits, by the feed's rules. The other feeds' rows carry the world's own id
// as the source's number; new rows take their ids in the records' order, so the server's ids are
// the world's (those the fake backend shows).
import type { Kysely } from "kysely";
import type { DemoWorld } from "../../../demo/world.ts";
import type { FeedBatch } from "../../../domain/feeds/records.ts";
import { applyFeedBatch } from "../../feeds/applyFeedBatch.ts";
import type { Database } from "../database.ts";

/** Records a batch applies, as a feed file's batches. */
const BATCH_ROWS = 5_000;

function batchesOf<T>(records: T[], batch: (records: T[]) => FeedBatch): FeedBatch[] {
  const batches: FeedBatch[] = [];
  for (let start = 0; start < records.length; start += BATCH_ROWS) batches.push(batch(records.slice(start, start + BATCH_ROWS)));
  return batches;
}

/** The world's appointments, leads, deleted appointments and planned treatment as the feeds' batches, in the world's order. */
export function practiceFeedBatches(world: Pick<DemoWorld, "appointments" | "leads" | "deletedAppointments" | "priorities">): FeedBatch[] {
  const appointments = world.appointments.map((appointment) => ({
    ...appointment,
    startsAt: new Date(appointment.startsAt),
    changedAt: new Date(appointment.changedAt),
  }));
  const leads = world.leads.map((lead) => ({
    practiceId: lead.practiceId,
    sourceId: String(lead.id),
    source: lead.source,
    stage: lead.stage,
    outcome: lead.outcome,
    lostReason: lead.lostReason,
    createdAt: new Date(lead.createdAt),
    closedAt: lead.closedAt === null ? null : new Date(lead.closedAt),
  }));
  const deletions = world.deletedAppointments.map((deletion) => ({
    practiceId: deletion.practiceId,
    patNum: deletion.PatNum,
    sourceId: String(deletion.id),
    patientName: deletion.patientName,
    appointmentAt: new Date(deletion.appointmentDate),
    deletedAt: new Date(deletion.deletedAt),
    deletedBy: deletion.deletedBy,
    reason: deletion.reason,
  }));
  const planned = world.priorities.map((priority) => ({
    practiceId: priority.practiceId,
    patNum: priority.patNum,
    sourceId: String(priority.id),
    priority: priority.priority,
  }));
  return [
    ...batchesOf(appointments, (records) => ({ feed: "appointments", records })),
    ...batchesOf(leads, (records) => ({ feed: "leads", records })),
    ...batchesOf(deletions, (records) => ({ feed: "deleted-appointments", records })),
    ...batchesOf(planned, (records) => ({ feed: "planned-treatment", records })),
  ];
}

export async function seedPracticeFeeds(trx: Kysely<Database>, world: DemoWorld): Promise<void> {
  const run = { now: world.today, action: "feed demo world", groupZone: "America/Chicago" };
  for (const batch of practiceFeedBatches(world)) await applyFeedBatch(trx, batch, run);
}
