// The deleted appointments views: by group (region), by practice with reasons, and one by one,
// over a range of days (of deletion) in the group's time zone (openapi.yaml, deleted-appointments).
import type { components } from "../../contract/schema";
import type { DeletedAppointmentRecord } from "../../demo/records.ts";
import { byPracticeName, countsByReason, increment } from "./counting";
import { contains, toInstantRange, type DateRange } from "../../domain/calendar.ts";
import { compareText } from "../../domain/order.ts";

type Schemas = components["schemas"];
type Practice = Schemas["Practice"];

export interface DeletedFilters extends DateRange {
  region: Schemas["RegionFilter"];
  practice: string;
}

/** The deletions in the range of the practices in the filters, with their practice. */
export function deletionsMatching(
  deletions: readonly DeletedAppointmentRecord[],
  practices: readonly Practice[],
  filters: DeletedFilters,
): { deletion: DeletedAppointmentRecord; practice: Practice }[] {
  const range = toInstantRange(filters);
  const inScope = new Map(
    practices
      .filter((practice) => filters.region === "all" || practice.region === filters.region)
      .filter((practice) => filters.practice === "all" || String(practice.id) === filters.practice)
      .map((practice) => [practice.id, practice]),
  );
  return deletions.flatMap((deletion) => {
    const practice = inScope.get(deletion.practiceId);
    return practice && contains(range, Date.parse(deletion.deletedAt)) ? [{ deletion, practice }] : [];
  });
}

/** One row per group within the region filter (zeros included), alphabetical: 3CD, FSD, OTD, SMD. */
export function deletionsByGroup(matching: ReturnType<typeof deletionsMatching>, groups: readonly string[], region: DeletedFilters["region"]): Schemas["DeletedAppointmentsGroup"][] {
  return groups
    .filter((group) => region === "all" || group === region)
    .sort(compareText)
    .map((group) => {
      const ofGroup = matching.filter(({ practice }) => practice.region === group);
      return { group, count: ofGroup.length, practices: new Set(ofGroup.map(({ practice }) => practice.id)).size };
    });
}

/** One row per practice with deletions, sorted by practice; reasons most first. */
export function deletionsByPractice(matching: ReturnType<typeof deletionsMatching>): Schemas["DeletedAppointmentsSummaryRow"][] {
  const byPractice = new Map<number, { practice: Practice; reasons: Map<string, number> }>();
  for (const { deletion, practice } of matching) {
    const entry = byPractice.get(practice.id) ?? { practice, reasons: new Map<string, number>() };
    byPractice.set(practice.id, entry);
    increment(entry.reasons, deletion.reason);
  }
  return [...byPractice.values()]
    .sort((a, b) => byPracticeName(a.practice, b.practice))
    .map(({ practice, reasons }) => ({
      practice: practice.practiceabbr,
      practiceId: practice.id,
      region: practice.region,
      count: [...reasons.values()].reduce((sum, count) => sum + count, 0),
      byReason: countsByReason(reasons),
    }));
}

/** The deletions newest first, ties by id descending, as the contract gives them. */
function newestFirst(matching: ReturnType<typeof deletionsMatching>): Schemas["DeletedAppointment"][] {
  const sorted = [...matching].sort(
    (a, b) => Date.parse(b.deletion.deletedAt) - Date.parse(a.deletion.deletedAt) || b.deletion.id - a.deletion.id,
  );
  return sorted.map(({ deletion, practice }) => ({
    id: deletion.id,
    practice: practice.practiceabbr,
    practiceId: practice.id,
    PatNum: deletion.PatNum,
    patientName: deletion.patientName,
    appointmentDate: deletion.appointmentDate,
    deletedAt: deletion.deletedAt,
    deletedBy: deletion.deletedBy,
    reason: deletion.reason,
  }));
}

/** One page of the deletions, newest first, ties by id descending. */
export function deletionsPage(
  matching: ReturnType<typeof deletionsMatching>,
  pageNum: number,
  pageSize: number,
): Schemas["DeletedAppointmentsDetails"] {
  return { count: matching.length, rows: newestFirst(matching).slice((pageNum - 1) * pageSize, pageNum * pageSize) };
}

/** Every deletion in the Details' order, `batchSize` at a time (the export). */
export function* deletionsInBatches(matching: ReturnType<typeof deletionsMatching>, batchSize: number): Generator<Schemas["DeletedAppointment"][]> {
  const rows = newestFirst(matching);
  for (let start = 0; start < rows.length; start += batchSize) yield rows.slice(start, start + batchSize);
}
