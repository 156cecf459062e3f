// The members status report's columns (openapi.yaml getMembersStatusReport, §2): per practice, the
// members of the three worked status groups by payer, their sum, and every extracted member.
import type { components } from "../../contract/schema";

type Schemas = components["schemas"];
export type MembersStatusQuery = Schemas["MembersStatusReportQuery"];
export type MembersStatusCounts = Schemas["MembersStatusReportCounts"];
export type MembersStatusRow = Schemas["MembersStatusReportRow"];
export type GroupCell = Exclude<keyof MembersStatusCounts, "total" | "extractedMembers">;
type Status = Schemas["MemberStatus"];
type Brand = Schemas["Brand"];

/** The three worked status groups, by the prefix of their cells. */
const GROUP_STATUSES = {
  New_Patient_: "New Patient",
  Recare_No_Future_Appointment_: "Recare No Future Appointment",
  Recare_Future_Appointment_: "Recare Future Appointment",
} as const satisfies Record<string, Status>;
/** The payers of the group columns (TMHP members are extracted but in no group). */
const GROUP_PAYERS = { DENTA: "denta", MCNA: "mcna", UHC: "uhc" } as const satisfies Record<string, Brand>;

/** The nine group cells in the table's order, each with the status and payer it counts. */
export const GROUP_CELLS = Object.entries(GROUP_STATUSES).flatMap(([prefix, status]) =>
  Object.entries(GROUP_PAYERS).map(([payer, brand]) => ({ cell: `${prefix}${payer}` as GroupCell, status: status as Status, brand: brand as Brand })),
);

export const GROUP_STATUS_VALUES: readonly Status[] = Object.values(GROUP_STATUSES);
export const GROUP_BRANDS: readonly Brand[] = Object.values(GROUP_PAYERS);

/** Every count of a row, in the table's order: the nine cells, their sum (`total`), `extractedMembers`. */
export const COUNT_COLUMNS: readonly (keyof MembersStatusCounts)[] = [...GROUP_CELLS.map(({ cell }) => cell), "total", "extractedMembers"];

/** The group cell a member is counted in, or undefined outside the three groups (other statuses, TMHP). */
export function groupCellOf(status: Status, brand: Brand): GroupCell | undefined {
  return GROUP_CELLS.find((group) => group.status === status && group.brand === brand)?.cell;
}

export function emptyCounts(): MembersStatusCounts {
  return Object.fromEntries(COUNT_COLUMNS.map((column) => [column, 0])) as MembersStatusCounts;
}

/** The column sums of the rows. */
export function totalsOf(rows: readonly MembersStatusCounts[]): MembersStatusCounts {
  const totals = emptyCounts();
  for (const row of rows) for (const column of COUNT_COLUMNS) totals[column] += row[column];
  return totals;
}

/** §2 "Total cells are red when members differ from extracted, green otherwise." */
export const totalsMatch = (row: Pick<MembersStatusCounts, "total" | "extractedMembers">) => row.total === row.extractedMembers;
