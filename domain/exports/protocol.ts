// What the browser and both backends agree on about an export's answer, apart from its CSV.

/** The rows an export reads from the database at a time: a few megabytes of CSV at most. */
export const EXPORT_BATCH_ROWS = 2000;

/** The header that tells the browser how many rows are coming (its progress). */
export const EXPORT_ROW_COUNT_HEADER = "X-Row-Count";
