// Open Dental's rows as the connector reads them (text for numbers and times, as mysql2 hands them
// over with bigNumberStrings and dateStrings), and the values of its columns the connector relies
// on, as its schema documents them: histappointment.HistApptAction 0 Created, 1 Changed, 2 Missed,
// 3 Cancelled, 4 Deleted; procedurelog.ProcStatus 1 treatment planned; definition category 20,
// treatment plan priorities (named by the practice, in ItemOrder from 0).
export interface SourceAppointment { aptNum: string; patNum: string; aptStatus: number; aptDateTime: string; isNewPatient: number; clinicNum: string; stamp: string }
export interface SourceHistory {
  histApptNum: string;
  action: number;
  aptNum: string;
  patNum: string;
  aptDateTime: string;
  clinicNum: string;
  stamp: string;
  userName: string | null;
  fName: string | null;
  lName: string | null;
}
export interface SourcePatient { patNum: string; patStatus: number; dateFirstVisit: string; clinicNum: string; stamp: string }
export interface SourceProcedure { procNum: string; patNum: string; procStatus: number; itemOrder: number | null; clinicNum: string; stamp: string }

/** The history actions that are the Deleted Appointments reports' rows, with their reason. */
export const HIST_REASON: Readonly<Record<number, string>> = { 2: "Missed", 3: "Cancelled", 4: "Deleted" };
export const HIST_DELETED = 4;

export const PROC_TREATMENT_PLANNED = 1;
export const TX_PRIORITIES_CATEGORY = 20;
