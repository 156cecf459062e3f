// A page of changed rows of one Open Dental table as the feeds' batches: each row of a clinic with
// a practice becomes its record; a row of another clinic, a patient note on the schedule (AptStatus
// 7, 8) or a history action that deletes nothing is read and counted, never written.
import type { AppointmentRecord, FeedBatch } from "../../domain/feeds/records.ts";
import type { Changed, ChangedTable } from "./changes.repository.ts";
import type { ConnectorTally } from "./connectorSummary.ts";
import {
  appointmentRecord,
  deletedAppointmentRecord,
  firstVisitRecord,
  plannedTreatmentRecord,
  removedAppointmentRecord,
  type Mapping,
} from "./records.ts";
import { HIST_DELETED } from "./sourceRows.ts";

const present = <T>(value: T | undefined): value is T => value !== undefined;

export function batchesOf(table: ChangedTable, rows: Changed<ChangedTable>[], mapping: Mapping, tally: ConnectorTally): FeedBatch[] {
  tally.rowsRead += rows.length;
  const ofPractice = <Row extends { clinicNum: string }>(list: Row[]) =>
    list.flatMap((row) => {
      const practiceId = mapping.practiceOf(row.clinicNum);
      if (practiceId === undefined) tally.otherClinic(row.clinicNum);
      return practiceId === undefined ? [] : [{ row, practiceId }];
    });
  switch (table) {
    case "patient": {
      const firstVisits = ofPractice(rows as Changed<"patient">[]).map(({ row, practiceId }) => firstVisitRecord(row, practiceId)).filter(present);
      return firstVisits.length > 0 ? [{ feed: "appointments", records: [], firstVisits }] : [];
    }
    case "appointment": {
      const records = ofPractice(rows as Changed<"appointment">[]).map(({ row, practiceId }) => appointmentRecord(row, practiceId, mapping));
      tally.notVisits += records.filter((record) => !record).length;
      const visits = records.filter(present);
      return visits.length > 0 ? [{ feed: "appointments", records: visits }] : [];
    }
    case "histappointment": {
      const history = ofPractice(rows as Changed<"histappointment">[]);
      const deleted = history.map(({ row, practiceId }) => deletedAppointmentRecord(row, practiceId, mapping)).filter(present);
      const removed: AppointmentRecord[] = history
        .filter(({ row }) => Number(row.action) === HIST_DELETED)
        .map(({ row, practiceId }) => removedAppointmentRecord(row, practiceId, mapping));
      const batches: FeedBatch[] = deleted.length > 0 ? [{ feed: "deleted-appointments", records: deleted }] : [];
      return removed.length > 0 ? [...batches, { feed: "appointments", records: removed }] : batches;
    }
    case "procedurelog": {
      const records = ofPractice(rows as Changed<"procedurelog">[]).map(({ row, practiceId }) => plannedTreatmentRecord(row, practiceId, mapping));
      return records.length > 0 ? [{ feed: "planned-treatment", records }] : [];
    }
  }
}
