// §2 New Patient Origin CSV download: columns Practice, Patient Number, First Visit Date, Result;
// §9 first-visit CSV delimiter: comma.
import Papa from "papaparse";
import type { components } from "../../api/schema";
import { FIRST_VISIT_CSV_DELIMITER } from "../../lib/constants";

export const FIRST_VISITS_CSV_NAME = "NewPatientOrigin.csv";
export const FIRST_VISITS_CSV_COLUMNS = ["Practice", "Patient Number", "First Visit Date", "Result"] as const;

export function firstVisitsCsv(rows: readonly components["schemas"]["FirstVisit"][]): string {
  // Arrays, not objects: papaparse writes the header even when there are no rows.
  return Papa.unparse(
    [[...FIRST_VISITS_CSV_COLUMNS], ...rows.map((row) => [row.practice, row.patNum, row.firstVisitDate, row.result])],
    { delimiter: FIRST_VISIT_CSV_DELIMITER, newline: "\r\n" },
  );
}
