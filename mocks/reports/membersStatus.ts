// The members status report: per practice, the members of the three worked status groups by payer,
// their sum, and every extracted member under the same filters (openapi.yaml,
// getMembersStatusReport).
import type { components } from "../../src/api/schema";
import type { MemberRecord } from "../db/records";
import { byPracticeName } from "./counting";

type Schemas = components["schemas"];
type Practice = Schemas["Practice"];
export type MembersStatusQuery = Schemas["MembersStatusReportQuery"];
export type MembersStatusCounts = Schemas["MembersStatusReportCounts"];
type GroupCell = Exclude<keyof MembersStatusCounts, "total" | "extractedMembers">;

const GROUP_PREFIX: Partial<Record<MemberRecord["Status"], string>> = {
  "New Patient": "New_Patient_",
  "Recare No Future Appointment": "Recare_No_Future_Appointment_",
  "Recare Future Appointment": "Recare_Future_Appointment_",
};
const GROUP_PAYERS: Partial<Record<MemberRecord["company"], string>> = { denta: "DENTA", mcna: "MCNA", uhc: "UHC" };

/** The nine group cells, in the table's order. */
export const GROUP_CELLS = Object.values(GROUP_PREFIX).flatMap((prefix) =>
  Object.values(GROUP_PAYERS).map((payer) => `${prefix}${payer}` as GroupCell),
);

/** The group cell a member is counted in, or undefined outside the three groups (other statuses, TMHP). */
function groupCellOf(member: MemberRecord): GroupCell | undefined {
  const prefix = GROUP_PREFIX[member.Status];
  const payer = GROUP_PAYERS[member.company];
  return prefix && payer ? (`${prefix}${payer}` as GroupCell) : undefined;
}

export function emptyCounts(): MembersStatusCounts {
  return Object.fromEntries([...GROUP_CELLS, "total", "extractedMembers"].map((cell) => [cell, 0])) as MembersStatusCounts;
}

export function addCounts(into: MembersStatusCounts, counts: MembersStatusCounts): void {
  for (const cell of [...GROUP_CELLS, "total", "extractedMembers"] as const) into[cell] += counts[cell];
}

function matches(member: MemberRecord, query: MembersStatusQuery): boolean {
  return (
    (query.brand === "all" || member.company === query.brand) &&
    (query.mco === "all" || member.MCO === query.mco) &&
    (query.result === "all" || member.Result === query.result)
  );
}

export function membersStatusReport(
  members: readonly MemberRecord[],
  practices: readonly Practice[],
  query: MembersStatusQuery,
): Schemas["MembersStatusReport"] {
  const chosen = new Set(query.practice);
  const inScope = new Map(
    practices
      .filter((practice) => (query.region === "all" || practice.region === query.region) && (chosen.size === 0 || chosen.has(practice.id)))
      .map((practice) => [practice.id, practice]),
  );
  const counts = new Map<number, MembersStatusCounts>();
  for (const member of members) {
    if (!inScope.has(member.practiceId) || !matches(member, query)) continue;
    let row = counts.get(member.practiceId);
    if (!row) counts.set(member.practiceId, (row = emptyCounts()));
    row.extractedMembers += 1;
    const cell = groupCellOf(member);
    if (cell) {
      row[cell] += 1;
      row.total += 1;
    }
  }
  const totals = emptyCounts();
  const rows = [...inScope.values()]
    .filter((practice) => counts.has(practice.id))
    .sort(byPracticeName)
    .map((practice) => {
      const row = counts.get(practice.id) ?? emptyCounts();
      addCounts(totals, row);
      return { practice: practice.practiceabbr, practiceId: practice.id, ...row };
    });
  return { rows, totals: { practice: "Total", ...totals } };
}
