// The records the reports read besides members, results and first visits (demo/appointments.ts):
// leads, treatment priorities and deleted appointments. The reports compute from these records on every call.
import type { Faker } from "@faker-js/faker";
import { buildDeletedAppointments } from "./deletedAppointments.ts";
import { buildLeads } from "./leads.ts";
import { buildPriorities } from "./priorities.ts";
import type { DeletedAppointmentRecord, LeadRecord, TreatmentPriorityRecord, World } from "../records.ts";

export function buildReportData(
  faker: Faker,
  { practices, members, today }: World,
): {
  leads: LeadRecord[];
  priorities: TreatmentPriorityRecord[];
  deletedAppointments: DeletedAppointmentRecord[];
} {
  return {
    leads: buildLeads(faker, practices, today),
    priorities: buildPriorities(faker, members),
    deletedAppointments: buildDeletedAppointments(faker, { practices, members, today }),
  };
}
