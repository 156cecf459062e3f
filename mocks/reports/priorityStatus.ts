// The priority status report: per practice, its patients with planned treatment by priority
// (openapi.yaml getPriorityStatusReport): every practice, zeros included, sorted by location.
import type { components } from "../../contract/schema";
import type { TreatmentPriorityRecord } from "../../demo/records.ts";
import { byPracticeName } from "./counting";

type Schemas = components["schemas"];

export function priorityStatusReport(
  priorities: readonly TreatmentPriorityRecord[],
  practices: readonly Schemas["Practice"][],
): Schemas["PriorityRow"][] {
  const counts = new Map(practices.map((practice) => [practice.id, { P1: 0, P2: 0, P3: 0, P4: 0 }]));
  for (const planned of priorities) {
    const row = counts.get(planned.practiceId);
    if (row) row[planned.priority] += 1;
  }
  return [...practices].sort(byPracticeName).map((practice) => {
    const row = counts.get(practice.id) ?? { P1: 0, P2: 0, P3: 0, P4: 0 };
    return {
      location: practice.practiceabbr,
      practiceId: practice.id,
      region: practice.region,
      ...row,
      sum: row.P1 + row.P2 + row.P3 + row.P4,
    };
  });
}
