import type { Faker } from "@faker-js/faker";
import type { World } from "./createMockDb";
import type { DeletedAppointmentRecord, FirstVisitRecord, LeadRecord, TreatmentPriorityRecord } from "./records";

/** Leads, first visits, treatment priorities and deleted appointments (filled in by the mock-backend issue). */
export function buildReportData(
  _faker: Faker,
  _world: World,
): {
  leads: LeadRecord[];
  firstVisits: FirstVisitRecord[];
  priorities: TreatmentPriorityRecord[];
  deletedAppointments: DeletedAppointmentRecord[];
} {
  return { leads: [], firstVisits: [], priorities: [], deletedAppointments: [] };
}
