// The members status report: per practice, the members of the three worked status groups by payer,
// their sum, and every extracted member under the same filters (openapi.yaml,
// getMembersStatusReport).
import { emptyCounts, groupCellOf, totalsOf, type MembersStatusCounts, type MembersStatusQuery } from "../../domain/reports/membersStatus.ts";
import type { components } from "../../contract/schema";
import type { MemberRecord } from "../../demo/records.ts";
import { byPracticeName } from "./counting";

type Schemas = components["schemas"];
type Practice = Schemas["Practice"];

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
    const cell = groupCellOf(member.Status, member.company);
    if (cell) {
      row[cell] += 1;
      row.total += 1;
    }
  }
  const rows = [...inScope.values()]
    .filter((practice) => counts.has(practice.id))
    .sort(byPracticeName)
    .map((practice) => ({ practice: practice.practiceabbr, practiceId: practice.id, ...(counts.get(practice.id) ?? emptyCounts()) }));
  return { rows, totals: { practice: "Total", ...totalsOf(rows) } };
}
