// How the deleted appointments' calls read their query and answer a deletion: the screen's three
// views and their exports alike.
import type { components } from "../../contract/schema.d.ts";
import { checkDayRange } from "../../domain/calendar.ts";
import type { Services } from "../services.ts";
import type { deletionsPage, DeletedFilters } from "./deletedAppointments.repository.ts";
import { storableIds } from "./practiceIds.ts";

interface DeletedQuery {
  startDate: string;
  endDate: string;
  region?: DeletedFilters["region"];
  practice?: string;
}

/** A deletion as the contract gives it. */
export function deletedAppointmentOf(row: Awaited<ReturnType<typeof deletionsPage>>[number]): components["schemas"]["DeletedAppointment"] {
  return {
    id: row.id,
    practice: row.abbr,
    practiceId: row.practice_id,
    PatNum: row.pat_num,
    patientName: row.patient_name,
    appointmentDate: new Date(row.appointment_date).toISOString(),
    deletedAt: new Date(row.deleted_at).toISOString(),
    deletedBy: row.deleted_by,
    reason: row.reason,
  };
}

/** The query as filters; a range that ends before it starts is refused. */
export function filtersOf({ startDate, endDate, region = "all", practice = "all" }: DeletedQuery, services: Services): DeletedFilters {
  checkDayRange({ startDate, endDate });
  // An id no practice can have matches nothing, as an unknown one does (0 is never an id).
  const practiceId = practice === "all" ? undefined : (storableIds([Number(practice)])[0] ?? 0);
  return { startDate, endDate, region, practiceId, timeZone: services.config.reportTimeZone };
}
