// Appointments deleted in the practices' schedules (tag deleted-appointments): by group, by
// practice and one by one, over a range of days of deletion; the details are audited (they show
// patient names).
import type { components } from "../../contract/schema.d.ts";
import { audit } from "../audit.ts";
import { checkDayRange } from "../../domain/calendar.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import type { Services } from "../services.ts";
import {
  countDeletions,
  deletionsByGroup,
  deletionsByPractice,
  deletionsPage,
  memberIdsOf,
  type DeletedFilters,
} from "./deletedAppointments.repository.ts";
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

export const deletedAppointmentsHandlers: Handlers = {
  async getDeletedAppointmentsByGroup({ query, services }) {
    return deletionsByGroup(services.db, filtersOf(query, services));
  },

  async getDeletedAppointmentsSummary({ query, services }) {
    return deletionsByPractice(services.db, filtersOf(query, services));
  },

  async getDeletedAppointmentsDetails(call) {
    const { query, services } = call;
    const filters = filtersOf(query, services);
    const pageSize = query.pageSize ?? 15;
    const offset = ((query.pageNum ?? 1) - 1) * pageSize;
    const count = await countDeletions(services.db, filters);
    // A page past the end is empty: no need to ask (and no offset too large for SQL).
    const rows = offset < count ? await deletionsPage(services.db, filters, offset, pageSize) : [];
    await audit(services.db, {
      userId: callerOf(call).user.id,
      action: "getDeletedAppointmentsDetails",
      memberIds: await memberIdsOf(services.db, rows),
      address: call.request.ip,
    });
    return { count, rows: rows.map(deletedAppointmentOf) };
  },
};
