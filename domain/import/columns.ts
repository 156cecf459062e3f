// The columns of a payer's member file, named as the members list names them (openapi.yaml Member,
// the specification's column names). Documented for the payers' files in server/import/README.md.
export const REQUIRED_COLUMNS = ["Subscriber_ID", "MCO", "First_Name", "Last_Name", "Date_of_Birth"] as const;
/** Required unless the import names the practice of the whole file (`--practice`). */
export const PRACTICE_COLUMN = "Practice";
export const OPTIONAL_COLUMNS = ["PatNum", "Middle_Name", "Address1", "City", "State", "Phone"] as const;

export type Column = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number] | typeof PRACTICE_COLUMN;

/** A data row as papaparse reads it: column → text (missing cells are undefined). */
export type RawRow = Partial<Record<string, string>> & { __parsed_extra?: string[] };

/** The columns a file must have; a file without one of them is refused whole (no row is written). */
export function missingColumns(header: readonly string[], practiceGiven: boolean): string[] {
  const required: string[] = practiceGiven ? [...REQUIRED_COLUMNS] : [...REQUIRED_COLUMNS, PRACTICE_COLUMN];
  return required.filter((column) => !header.includes(column));
}
