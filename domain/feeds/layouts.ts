// The CSV layout of each practice feed (docs/practice-feeds.md): its columns, found by name in the
// header like the payers' member files, and what a row becomes (domain/feeds/records.ts). A row is
// either a record or every reason it was refused; both backends and every way in read it this way.
import type { components } from "../../contract/schema";
import type { RawRow } from "../import/columns.ts";
import { flagCell, instantCell, numberCell, oneOfCell, textCell, type Cell } from "./fields.ts";
import {
  APPOINTMENT_STATUSES,
  LEAD_OUTCOMES,
  LEAD_STAGES,
  type AppointmentRecord,
  type DeletedAppointmentRecord,
  type FeedName,
  type LeadRecord,
  type PlannedTreatmentRecord,
} from "./records.ts";

type Priority = components["schemas"]["TreatmentPriority"];

/** A practice of the group as a feed's rows name it (`Practice`, its abbreviation). */
export interface FeedPractice {
  id: number;
  /** Local date-times of its rows are read in this zone. */
  timeZone: string;
}

export interface FeedRecords {
  appointments: AppointmentRecord;
  "deleted-appointments": DeletedAppointmentRecord;
  "planned-treatment": PlannedTreatmentRecord;
  leads: LeadRecord;
}

export type RowReading<R> = { ok: true; record: R } | { ok: false; reasons: string[] };

export interface FeedLayout<F extends FeedName> {
  feed: F;
  /** Columns a file must have, `Practice` first. */
  required: readonly string[];
  optional: readonly string[];
  /** A checked row as the feed's record; its practice is already found. */
  read: (cell: (column: string) => string, practice: FeedPractice) => RowReading<FeedRecords[F]>;
}

/** Collects the reasons of a row's cells: `value` reads a cell, `done` gives the record or the reasons. */
function rowChecker() {
  const reasons: string[] = [];
  return {
    value<T>(cell: Cell<T>): T {
      if (!cell.ok) reasons.push(cell.reason);
      return (cell.ok ? cell.value : undefined) as T;
    },
    refuse(reason: string) {
      reasons.push(reason);
    },
    done<R>(record: () => R): RowReading<R> {
      return reasons.length > 0 ? { ok: false, reasons } : { ok: true, record: record() };
    },
  };
}

const PRACTICE = "Practice";
const PRIORITIES: readonly Priority[] = ["P1", "P2", "P3", "P4"];

const appointments: FeedLayout<"appointments"> = {
  feed: "appointments",
  required: [PRACTICE, "PatNum", "AptNum", "AptDateTime", "AptStatus", "DateTStamp"],
  optional: ["IsNewPatient"],
  read(cell, practice) {
    const check = rowChecker();
    const patNum = check.value(numberCell("PatNum", cell("PatNum")));
    const aptNum = check.value(numberCell("AptNum", cell("AptNum")));
    const startsAt = check.value(instantCell("AptDateTime", cell("AptDateTime"), practice.timeZone));
    const status = check.value(oneOfCell("AptStatus", cell("AptStatus"), APPOINTMENT_STATUSES, { "broken/missed": "Broken", missed: "Broken", completed: "Complete" }));
    const isNewPatient = check.value(flagCell("IsNewPatient", cell("IsNewPatient")));
    const changedAt = check.value(instantCell("DateTStamp", cell("DateTStamp"), practice.timeZone));
    return check.done(() => ({ practiceId: practice.id, patNum, aptNum, startsAt, status, isNewPatient, changedAt }));
  },
};

const deletedAppointments: FeedLayout<"deleted-appointments"> = {
  feed: "deleted-appointments",
  required: [PRACTICE, "PatNum", "HistApptNum", "PatientName", "AptDateTime", "DeletedAt", "DeletedBy"],
  optional: ["Reason"],
  read(cell, practice) {
    const check = rowChecker();
    const patNum = check.value(numberCell("PatNum", cell("PatNum")));
    const sourceId = check.value(numberCell("HistApptNum", cell("HistApptNum")));
    const patientName = check.value(textCell("PatientName", cell("PatientName")));
    if (cell("PatientName") === "") check.refuse("PatientName is empty");
    const appointmentAt = check.value(instantCell("AptDateTime", cell("AptDateTime"), practice.timeZone));
    const deletedAt = check.value(instantCell("DeletedAt", cell("DeletedAt"), practice.timeZone));
    const deletedBy = check.value(textCell("DeletedBy", cell("DeletedBy")));
    if (cell("DeletedBy") === "") check.refuse("DeletedBy is empty");
    const reason = check.value(textCell("Reason", cell("Reason")));
    return check.done(() => ({ practiceId: practice.id, patNum, sourceId, patientName, appointmentAt, deletedAt, deletedBy, reason }));
  },
};

const plannedTreatment: FeedLayout<"planned-treatment"> = {
  feed: "planned-treatment",
  required: [PRACTICE, "PatNum", "ProcNum", "Priority"],
  optional: [],
  read(cell, practice) {
    const check = rowChecker();
    const patNum = check.value(numberCell("PatNum", cell("PatNum")));
    const sourceId = check.value(numberCell("ProcNum", cell("ProcNum")));
    // An empty priority: the procedure is no longer planned (done, or deleted at the practice).
    const priority = cell("Priority") === "" ? null : check.value(oneOfCell("Priority", cell("Priority"), PRIORITIES));
    return check.done(() => ({ practiceId: practice.id, patNum, sourceId, priority }));
  },
};

const leads: FeedLayout<"leads"> = {
  feed: "leads",
  required: [PRACTICE, "LeadNum", "Source", "Stage", "Outcome", "CreatedAt"],
  optional: ["LostReason", "ClosedAt"],
  read(cell, practice) {
    const check = rowChecker();
    const sourceId = check.value(numberCell("LeadNum", cell("LeadNum")));
    const source = check.value(textCell("Source", cell("Source")));
    if (cell("Source") === "") check.refuse("Source is empty");
    const stage = check.value(oneOfCell("Stage", cell("Stage"), LEAD_STAGES));
    const outcome = check.value(oneOfCell("Outcome", cell("Outcome"), LEAD_OUTCOMES));
    const createdAt = check.value(instantCell("CreatedAt", cell("CreatedAt"), practice.timeZone));
    const closedAt = cell("ClosedAt") === "" ? null : check.value(instantCell("ClosedAt", cell("ClosedAt"), practice.timeZone));
    const lostReason = cell("LostReason") === "" ? null : check.value(textCell("LostReason", cell("LostReason")));
    if (outcome === "open" && closedAt !== null) check.refuse("ClosedAt must be empty while the lead is open");
    if (outcome && outcome !== "open" && cell("ClosedAt") === "") check.refuse(`ClosedAt is required for a ${outcome} lead`);
    if (outcome === "lost" && lostReason === null) check.refuse("LostReason is required for a lost lead");
    if (outcome && outcome !== "lost" && lostReason !== null) check.refuse("LostReason is only for a lost lead");
    if (createdAt && closedAt && closedAt < createdAt) check.refuse("ClosedAt is before CreatedAt");
    return check.done(() => ({ practiceId: practice.id, sourceId, source, stage, outcome, lostReason, createdAt, closedAt }));
  },
};

export const FEED_LAYOUTS: { readonly [F in FeedName]: FeedLayout<F> } = {
  appointments,
  "deleted-appointments": deletedAppointments,
  "planned-treatment": plannedTreatment,
  leads,
};

/** Why a file cannot be read as the feed at all (nothing of it is written), or undefined when its header will do. */
export function feedHeaderProblem(feed: FeedName, file: string, header: readonly string[]): string | undefined {
  const missing = FEED_LAYOUTS[feed].required.filter((column) => !header.includes(column));
  if (missing.length === 0) return undefined;
  return `${file} is not a ${feed} file (missing ${missing.map((column) => `'${column}'`).join(", ")}); nothing imported`;
}

/** Reads one data row: the practice it names, then the feed's own columns. */
export function readFeedRow<F extends FeedName>(feed: F, raw: RawRow, practices: ReadonlyMap<string, FeedPractice>): RowReading<FeedRecords[F]> {
  const cell = (column: string) => (raw[column] ?? "").trim();
  const abbr = cell(PRACTICE);
  const practice = practices.get(abbr.toUpperCase());
  if (!practice) {
    const reason = abbr === "" ? `${PRACTICE} is empty` : `${PRACTICE} is not a practice of the group`;
    const rest = FEED_LAYOUTS[feed].read(cell, { id: 0, timeZone: "UTC" });
    return { ok: false, reasons: [reason, ...(rest.ok ? [] : rest.reasons)] };
  }
  return FEED_LAYOUTS[feed].read(cell, practice);
}
