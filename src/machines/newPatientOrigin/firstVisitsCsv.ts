// §2 New Patient Origin CSV download: columns Practice, Patient Number, First Visit Date, Result;
// §9 first-visit CSV delimiter: comma.
import type { components } from "../../api/schema";
import { FIRST_VISIT_CSV_DELIMITER } from "../../lib/constants";
import { buildCsv, type CsvColumn } from "../../lib/csv";
import type { FileDownload } from "../../lib/csv";

type FirstVisit = components["schemas"]["FirstVisit"];

export const FIRST_VISITS_CSV_NAME = "NewPatientOrigin.csv";

const COLUMNS: CsvColumn<FirstVisit>[] = [
  { header: "Practice", value: (row) => row.practice },
  { header: "Patient Number", value: (row) => row.patNum },
  { header: "First Visit Date", value: (row) => row.firstVisitDate },
  { header: "Result", value: (row) => row.result },
];

export function firstVisitsCsv(rows: readonly FirstVisit[]): FileDownload {
  return { fileName: FIRST_VISITS_CSV_NAME, content: buildCsv(COLUMNS, rows, FIRST_VISIT_CSV_DELIMITER), mimeType: "text/csv;charset=utf-8" };
}
