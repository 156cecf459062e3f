// Open Dental's rows as the feeds' records: its documented statuses and actions, its wall-clock
// times as instants, its practice-named priorities as P1–P4, and what is no record at all.
import { describe, expect, it } from "vitest";
import { appointmentRecord, deletedAppointmentRecord, firstVisitRecord, plannedTreatmentRecord, removedAppointmentRecord, type Mapping } from "./records.ts";
import { writeRightsOf } from "./source.repository.ts";
import { sourceInstant } from "./sourceTime.ts";

const mapping: Mapping = { practiceOf: () => 7, timeZone: "America/Chicago", priorities: ["P1", "P2", "P3", "P4"], unprioritized: "P4" };
const appointment = { aptNum: "12", patNum: "345", aptStatus: 1, aptDateTime: "2026-11-20 09:30:00", isNewPatient: 1, clinicNum: "1", stamp: "2026-11-16 08:00:05" };
const history = { histApptNum: "9", action: 4, aptNum: "12", patNum: "345", aptDateTime: "2026-11-20 09:30:00", clinicNum: "1", stamp: "2026-11-17 10:00:00", userName: "frontdesk", fName: "Ana", lName: "Lopez" };

describe("the source's wall clock", () => {
  it("reads as the instant it was in the server's zone, summer and winter, in the hour clocks skip and the hour they repeat", () => {
    expect(sourceInstant("2026-11-20 09:30:00", "America/Chicago").toISOString()).toBe("2026-11-20T15:30:00.000Z");
    expect(sourceInstant("2026-07-01 09:30:00", "America/Chicago").toISOString()).toBe("2026-07-01T14:30:00.000Z");
    expect(sourceInstant("2026-07-01", "America/Chicago").toISOString()).toBe("2026-07-01T05:00:00.000Z");
    expect(sourceInstant("2026-03-08 02:30:00", "America/Chicago").toISOString()).toBe("2026-03-08T08:30:00.000Z");
    expect(sourceInstant("2026-11-01 01:30:00", "America/Chicago").toISOString()).toBe("2026-11-01T06:30:00.000Z");
    expect(() => sourceInstant("not a time", "America/Chicago")).toThrow('not a date-time of the source: "not a time"');
  });
});

describe("appointments", () => {
  it("take Open Dental's statuses (ASAP as Scheduled) and leave its patient notes out", () => {
    const statuses = [1, 2, 3, 4, 5, 6, 7, 8].map((aptStatus) => appointmentRecord({ ...appointment, aptStatus }, 7, mapping)?.status);
    expect(statuses).toEqual(["Scheduled", "Complete", "Unscheduled", "Scheduled", "Broken", "Planned", undefined, undefined]);
    expect(appointmentRecord(appointment, 7, mapping)).toEqual({
      practiceId: 7,
      patNum: "345",
      aptNum: "12",
      startsAt: new Date("2026-11-20T15:30:00Z"),
      status: "Scheduled",
      isNewPatient: true,
      changedAt: new Date("2026-11-16T14:00:05Z"),
    });
  });

  it("deleted leave the schedule as of their deletion", () => {
    expect(removedAppointmentRecord(history, 7, mapping)).toMatchObject({ aptNum: "12", status: "Unscheduled", changedAt: new Date("2026-11-17T16:00:00Z") });
  });
});

describe("deleted appointments", () => {
  it("are the missed, cancelled and deleted of the history, with the patient's name and who did it", () => {
    expect([0, 1, 2, 3, 4].map((action) => deletedAppointmentRecord({ ...history, action }, 7, mapping)?.reason)).toEqual([undefined, undefined, "Missed", "Cancelled", "Deleted"]);
    expect(deletedAppointmentRecord(history, 7, mapping)).toEqual({
      practiceId: 7,
      patNum: "345",
      sourceId: "9",
      patientName: "Ana Lopez",
      appointmentAt: new Date("2026-11-20T15:30:00Z"),
      deletedAt: new Date("2026-11-17T16:00:00Z"),
      deletedBy: "frontdesk",
      reason: "Deleted",
    });
    expect(deletedAppointmentRecord({ ...history, userName: null }, 7, mapping)?.deletedBy).toBe("Open Dental");
  });
});

describe("first visits", () => {
  it("are Open Dental's own date, of patients who came (not non-patients, deleted records or prospects)", () => {
    const patient = { patNum: "345", patStatus: 0, dateFirstVisit: "2024-02-03", clinicNum: "1", stamp: "2026-11-16 08:00:00" };
    expect(firstVisitRecord(patient, 7)).toEqual({ practiceId: 7, patNum: "345", firstVisitDate: "2024-02-03" });
    expect([0, 1, 2, 3, 4, 5, 6].map((patStatus) => firstVisitRecord({ ...patient, patStatus }, 7) !== undefined)).toEqual([true, false, true, true, false, true, false]);
    expect(firstVisitRecord({ ...patient, dateFirstVisit: "0001-01-01" }, 7)).toBeUndefined();
  });
});

describe("planned treatment", () => {
  const procedure = { procNum: "88", patNum: "345", procStatus: 1, itemOrder: 0, clinicNum: "1", stamp: "2026-11-16 08:00:00" };

  it("reads the practice's priorities by their order, later ones and none as configured, and a procedure no longer planned as removed", () => {
    const levels = [0, 1, 2, 3, 4, 9, null].map((itemOrder) => plannedTreatmentRecord({ ...procedure, itemOrder }, 7, mapping).priority);
    expect(levels).toEqual(["P1", "P2", "P3", "P4", "P4", "P4", "P4"]);
    const urgentFirst = { ...mapping, priorities: ["P1", "P1", "P2"] as const, unprioritized: "P3" as const };
    expect([0, 1, 2, 5, null].map((itemOrder) => plannedTreatmentRecord({ ...procedure, itemOrder }, 7, urgentFirst).priority)).toEqual(["P1", "P1", "P2", "P2", "P3"]);
    expect(plannedTreatmentRecord({ ...procedure, procStatus: 2 }, 7, mapping)).toEqual({ practiceId: 7, patNum: "345", sourceId: "88", priority: null });
  });
});

describe("the database user's rights", () => {
  it("are read-only with SELECT, and anything that writes, grants or hides in a role is named", () => {
    expect(writeRightsOf(["GRANT USAGE ON *.* TO `reader`@`%`", "GRANT SELECT, SHOW VIEW ON `opendental`.* TO `reader`@`%`"])).toEqual([]);
    expect(writeRightsOf(["GRANT SELECT, INSERT, UPDATE ON `opendental`.* TO `u`@`%`"])).toEqual(["INSERT", "UPDATE"]);
    expect(writeRightsOf(["GRANT ALL PRIVILEGES ON *.* TO `root`@`localhost` WITH GRANT OPTION"])).toEqual(["ALL PRIVILEGES", "GRANT OPTION"]);
    expect(writeRightsOf(["GRANT SELECT (PatNum), UPDATE (LName) ON `opendental`.`patient` TO `u`@`%`"])).toEqual(["UPDATE"]);
    expect(writeRightsOf(["GRANT `od_writers` TO `u`@`%`"])).toEqual(["a role (`od_writers`)"]);
  });
});
