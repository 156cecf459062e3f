// The records the reports read besides members and results: leads, first visits, treatment
// priorities and deleted appointments. The reports compute from these records on every call.
import type { Faker } from "@faker-js/faker";
import { buildDeletedAppointments } from "./deletedAppointments.ts";
import { buildFirstVisits } from "./firstVisits.ts";
import { buildLeads } from "./leads.ts";
import { buildPriorities } from "./priorities.ts";
import type { DeletedAppointmentRecord, FirstVisitRecord, LeadRecord, TreatmentPriorityRecord, World } from "../records.ts";

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
