// Appointments deleted in the practices' schedules (tag deleted-appointments): by group, by
// practice and one by one, over a range of days of deletion; the details are audited (they show
// patient names).
import { audit } from "../audit.repository.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import {
  countDeletions,
  deletionsByGroup,
  deletionsByPractice,
  deletionsPage,
  memberIdsOf,
} from "./deletedAppointments.repository.ts";
import { deletedAppointmentOf, filtersOf } from "./deletedAppointmentsAnswer.ts";

export const deletedAppointmentsHandlers: Handlers = {
  async getDeletedAppointmentsByGroup({ query, services }) {
    return deletionsByGroup(services.reads().db, filtersOf(query, services));
  },

  async getDeletedAppointmentsSummary({ query, services }) {
    return deletionsByPractice(services.reads().db, filtersOf(query, services));
  },

  async getDeletedAppointmentsDetails(call) {
    const { query, services } = call;
    const filters = filtersOf(query, services);
    const pageSize = query.pageSize ?? 15;
    const offset = ((query.pageNum ?? 1) - 1) * pageSize;
    const count = await countDeletions(services.reads().db, filters);
    // A page past the end is empty: no need to ask (and no offset too large for SQL).
    const rows = offset < count ? await deletionsPage(services.reads().db, filters, offset, pageSize) : [];
    await audit(services.db, {
      userId: callerOf(call).user.id,
      action: "getDeletedAppointmentsDetails",
      memberIds: await memberIdsOf(services.reads().db, rows),
      address: call.request.ip,
    });
    return { count, rows: rows.map(deletedAppointmentOf) };
  },
};
