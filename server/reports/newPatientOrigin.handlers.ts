// The new patient origin report (tag reports): first visits of the chosen months, practices and brand
// counted by where the patients came from (the visits themselves are the CSV export's).
import type { components } from "../../contract/schema.d.ts";
import { percentOf } from "../../domain/reports/percent.ts";
import type { Handlers } from "../handlers.ts";
import { countsByOrigin } from "./newPatientOrigin.repository.ts";
import { originFilterOf } from "./newPatientOriginFilter.ts";

type Schemas = components["schemas"];

export const newPatientOriginHandlers: Handlers = {
  async getNewPatientOriginReport({ query, services }) {
    const asked = originFilterOf(services, query.params);
    const counts = await countsByOrigin(services.reads().db, asked);
    // Every first visit is in exactly one origin's count.
    const total = counts.reduce((sum, row) => sum + row.count, 0);
    const sources: Schemas["OriginSource"][] = [];
    for (const row of counts) {
      let source = sources.at(-1);
      if (source?.source !== row.source) {
        source = { source: row.source, count: row.sourceCount, percent: percentOf(row.sourceCount, total), practices: [] };
        sources.push(source);
      }
      source.practices.push({ practice: row.practice, practiceId: row.practiceId, count: row.count, percent: percentOf(row.count, row.sourceCount) });
    }
    return { sources, total: { count: total, sources: sources.length } };
  },
};
