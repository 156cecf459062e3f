// New patient origin: the first visits of the chosen months, practices and brand, counted by where
// the patients came from (openapi.yaml getNewPatientOriginReport), and the rows of its CSV download
// (exportNewPatientOriginReport).
import type { components } from "../../contract/schema";
import type { FirstVisitRecord, MemberRecord } from "../../demo/records.ts";
import { compareText } from "../../domain/order.ts";
import { percentOf } from "../../domain/reports/percent.ts";
import type { FirstVisitRow } from "../../domain/reports/newPatientOrigin.ts";
import { byCountThenPractice, increment } from "./counting";

type Schemas = components["schemas"];
type Practice = Schemas["Practice"];
export type NewPatientOriginQuery = Schemas["NewPatientOriginQuery"];

interface OriginWorld {
  firstVisits: readonly FirstVisitRecord[];
  members: readonly MemberRecord[];
  practices: readonly Practice[];
}

/** The first visits the query chooses, each with its practice. */
function chosenVisits({ firstVisits, members, practices }: OriginWorld, query: NewPatientOriginQuery) {
  const months = new Set(query.date);
  const chosen = new Set(query.practice);
  const practiceById = new Map(practices.filter((practice) => chosen.size === 0 || chosen.has(practice.id)).map((practice) => [practice.id, practice]));
  const ofBrand = query.brand === "all" ? null : new Set(members.filter((member) => member.company === query.brand).map((member) => member.id));
  return firstVisits.flatMap((visit) => {
    const practice = practiceById.get(visit.practiceId);
    if (!practice || !months.has(visit.firstVisitDate.slice(0, 7)) || (ofBrand && !ofBrand.has(visit.memberId))) return [];
    return [{ visit, practice }];
  });
}

export function newPatientOriginReport(world: OriginWorld, query: NewPatientOriginQuery): Schemas["NewPatientOriginReport"] {
  const visits = chosenVisits(world, query);
  const abbrById = new Map(visits.map(({ practice }) => [practice.id, practice.practiceabbr]));
  const bySource = new Map<string, Map<number, number>>();
  for (const { visit, practice } of visits) {
    const counts = bySource.get(visit.origin) ?? new Map<number, number>();
    bySource.set(visit.origin, counts);
    increment(counts, practice.id);
  }
  const total = visits.length;
  const sources = [...bySource].map(([source, counts]) => {
    const count = [...counts.values()].reduce((sum, value) => sum + value, 0);
    return {
      source,
      count,
      percent: percentOf(count, total),
      practices: [...counts]
        .map(([practiceId, practiceCount]) => ({ practice: abbrById.get(practiceId) ?? "", practiceId, count: practiceCount, percent: percentOf(practiceCount, count) }))
        .sort(byCountThenPractice),
    };
  });
  return { sources: sources.sort((a, b) => b.count - a.count || compareText(a.source, b.source)), total: { count: total, sources: sources.length } };
}

/** The CSV rows: by practice, then first visit date, then patient number. */
export function newPatientOriginRows(world: OriginWorld, query: NewPatientOriginQuery): FirstVisitRow[] {
  return chosenVisits(world, query)
    .map(({ visit, practice }) => ({ practice: practice.practiceabbr, patNum: visit.patNum, firstVisitDate: visit.firstVisitDate, result: visit.result }))
    .sort((a, b) => compareText(a.practice, b.practice) || compareText(a.firstVisitDate, b.firstVisitDate) || compareText(a.patNum, b.patNum));
}
