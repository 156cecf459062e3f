// The lead data report for a request: leads entered per practice over the periods asked, one row
// per practice, as the screen's call and its export answer it.
import type { components } from "../../contract/schema.d.ts";
import { invalidRequest } from "../../contract/errors.ts";
import { leadPeriodsOf, type LeadDataRequest } from "../../domain/reports/leadData.ts";
import type { Services } from "../services.ts";
import { leadsEntered } from "./leadData.repository.ts";

type Row = components["schemas"]["LeadsEnteredRow"];

/** The report for a request, as the screen reads it (and its export writes it). */
export async function leadDataReport(services: Services, body: LeadDataRequest): Promise<components["schemas"]["LeadDataReport"]> {
  const asked = leadPeriodsOf(body);
  if ("problems" in asked) throw invalidRequest(asked.problems);
  const practice = body.mode === "range" ? body.practice : "all";
  const counts = await leadsEntered(
    services.reads().db,
    Object.fromEntries(asked.periods.map((period) => [period.key, period])),
    services.config.reportTimeZone,
    practice,
  );
  const rows: Row[] = [];
  for (const count of counts) {
    let row = rows.at(-1);
    if (row?.practiceId !== count.practiceId) rows.push((row = { location: count.location, practiceId: count.practiceId, counts: {} }));
    row.counts[count.period as keyof Row["counts"]] = count.count;
  }
  return { periods: asked.periods, leadsEntered: rows };
}
