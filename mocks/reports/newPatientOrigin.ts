// New patient origin: the first visits of the chosen months, practices and brand, counted by where
// the patients came from, plus the rows of the CSV download (openapi.yaml getNewPatientOriginReport).
import type { components } from "../../contract/schema";
import type { FirstVisitRecord, MemberRecord } from "../../demo/records.ts";
import { compareText } from "../../domain/order.ts";
import { percentOf } from "../../domain/reports/percent.ts";
import { byCountThenPractice, increment } from "./counting";

type Schemas = components["schemas"];
type Practice = Schemas["Practice"];
export type NewPatientOriginQuery = Schemas["NewPatientOriginQuery"];

export function newPatientOriginReport(
  firstVisits: readonly FirstVisitRecord[],
  members: readonly MemberRecord[],
  practices: readonly Practice[],
  query: NewPatientOriginQuery,
): Schemas["NewPatientOriginReport"] {
  const months = new Set(query.date);
  const chosen = new Set(query.practice);
  const practiceById = new Map(practices.filter((practice) => chosen.size === 0 || chosen.has(practice.id)).map((practice) => [practice.id, practice]));
  const ofBrand = query.brand === "all" ? null : new Set(members.filter((member) => member.company === query.brand).map((member) => member.id));

  const bySource = new Map<string, Map<number, number>>();
  const rows: Schemas["FirstVisit"][] = [];
  for (const visit of firstVisits) {
    const practice = practiceById.get(visit.practiceId);
    if (!practice || !months.has(visit.firstVisitDate.slice(0, 7)) || (ofBrand && !ofBrand.has(visit.memberId))) continue;
    const counts = bySource.get(visit.origin) ?? new Map<number, number>();
    bySource.set(visit.origin, counts);
    increment(counts, practice.id);
    rows.push({ practice: practice.practiceabbr, patNum: visit.patNum, firstVisitDate: visit.firstVisitDate, result: visit.result });
  }

  const total = rows.length;
  const sources = [...bySource].map(([source, counts]) => {
    const count = [...counts.values()].reduce((sum, value) => sum + value, 0);
    return {
      source,
      count,
      percent: percentOf(count, total),
      practices: [...counts]
        .map(([practiceId, practiceCount]) => ({
          practice: practiceById.get(practiceId)?.practiceabbr ?? "",
          practiceId,
          count: practiceCount,
          percent: percentOf(practiceCount, count),
        }))
        .sort(byCountThenPractice),
    };
  });
  return {
    sources: sources.sort((a, b) => b.count - a.count || compareText(a.source, b.source)),
    total: { count: total, sources: sources.length },
    firstVisits: rows.sort(
      (a, b) => compareText(a.practice, b.practice) || compareText(a.firstVisitDate, b.firstVisitDate) || compareText(a.patNum, b.patNum),
    ),
  };
}
