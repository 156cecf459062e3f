// How the deleted appointments Summary writes a practice's reasons, on screen and in its export.
import type { components } from "../../contract/schema";

type DeletedSummaryRow = components["schemas"]["DeletedAppointmentsSummaryRow"];

/** Each reason with its count, in the answer's order (most first): `Patient request (3), No reason given (1)`. */
export const reasonsText = (row: Pick<DeletedSummaryRow, "byReason">) =>
  row.byReason.map((r) => `${r.reason || "No reason given"} (${r.count})`).join(", ");
