// The records the reports read besides members and results: leads, first visits, treatment
// priorities and deleted appointments. The reports compute from these records on every call.
import type { Faker } from "@faker-js/faker";
import type { World } from "./createMockDb";
import { buildDeletedAppointments } from "./deletedAppointments";
import { buildFirstVisits } from "./firstVisits";
import { buildLeads } from "./leads";
import { buildPriorities } from "./priorities";
import type { DeletedAppointmentRecord, FirstVisitRecord, LeadRecord, TreatmentPriorityRecord } from "./records";

export function buildReportData(
  faker: Faker,
  { practices, members, today }: World,
): {
  leads: LeadRecord[];
  firstVisits: FirstVisitRecord[];
  priorities: TreatmentPriorityRecord[];
  deletedAppointments: DeletedAppointmentRecord[];
} {
  return {
    leads: buildLeads(faker, practices, today),
    firstVisits: buildFirstVisits(faker, members, today),
    priorities: buildPriorities(faker, members),
    deletedAppointments: buildDeletedAppointments(faker, { practices, members, today }),
  };
}
