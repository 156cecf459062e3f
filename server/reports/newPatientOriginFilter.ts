// The new patient origin report's filter, which the screen's call and its export read alike.
import type { components } from "../../contract/schema.d.ts";
import { invalidRequest } from "../../contract/errors.ts";
import { zonedDate } from "../../domain/calendar.ts";
import { monthsOutsideOffer } from "../../domain/reports/newPatientOrigin.ts";
import { calendarNow } from "../calendar.ts";
import type { Services } from "../services.ts";
import type { OriginFilter } from "./newPatientOrigin.repository.ts";

type Schemas = components["schemas"];

/** The report's filter from its JSON parameter; a month the screen does not offer is refused. */
export function originFilterOf(services: Services, params: string): OriginFilter {
  const filter = services.decodeJson<Schemas["NewPatientOriginQuery"]>(params, "NewPatientOriginQuery", "params");
  const problems = monthsOutsideOffer(filter.date, zonedDate(calendarNow(services), services.config.reportTimeZone));
  if (problems.length > 0) throw invalidRequest(problems);
  return { months: filter.date, practiceIds: filter.practice, brand: filter.brand };
}
