// Appointments deleted in the practices' schedules (tag deleted-appointments): by group, by
// practice and one by one, over a range of days of deletion.
import { checkDayRange } from "../../domain/calendar.ts";
import { HttpResponse } from "msw";
import { createApi } from "../api";
import type { MockDb } from "../db/createMockDb";
import { deletionsByGroup, deletionsByPractice, deletionsInBatches, deletionsMatching, deletionsPage, type DeletedFilters } from "../reports/deletedAppointments";
import { DELETED_BY_GROUP_EXPORT_COLUMNS, DELETED_DETAILS_EXPORT_COLUMNS, DELETED_SUMMARY_EXPORT_COLUMNS } from "../../domain/exports/columns.ts";
import { exportFileName } from "../../domain/exports/fileName.ts";
import { EXPORT_BATCH_ROWS } from "../../domain/exports/protocol.ts";
import { csvResponse, oneBatch } from "../exports/csvResponse";

interface DeletedQuery {
  startDate: string;
  endDate: string;
  region?: DeletedFilters["region"];
  practice?: string;
}

export function deletedAppointmentsHandlers(db: MockDb) {
  const api = createApi(db);

  /** The deletions of the query's range and filters; a range that ends before it starts is refused. */
  const matching = ({ startDate, endDate, region = "all", practice = "all" }: DeletedQuery) => {
    checkDayRange({ startDate, endDate });
    return deletionsMatching(db.deletedAppointments, db.practices, { startDate, endDate, region, practice });
  };

  const groups = () => db.regions.map((region) => region.name);

  return [
    api.get("/deleted-appointments/bygroup", ({ query }) => HttpResponse.json(deletionsByGroup(matching(query), groups(), query.region ?? "all"))),

    api.get("/deleted-appointments/summary", ({ query }) => HttpResponse.json(deletionsByPractice(matching(query)))),

    api.get("/deleted-appointments/details", ({ query }) =>
      HttpResponse.json(deletionsPage(matching(query), query.pageNum ?? 1, query.pageSize ?? 15)),
    ),

    api.get("/deleted-appointments/bygroup/export", ({ query }) => {
      const rows = deletionsByGroup(matching(query), groups(), query.region ?? "all");
      return csvResponse({ fileName: exportFileName("DeletedAppointmentsByGroup", db.now()), columns: DELETED_BY_GROUP_EXPORT_COLUMNS, rowCount: rows.length, batches: oneBatch(rows) });
    }),

    api.get("/deleted-appointments/summary/export", ({ query }) => {
      const rows = deletionsByPractice(matching(query));
      return csvResponse({ fileName: exportFileName("DeletedAppointmentsSummary", db.now()), columns: DELETED_SUMMARY_EXPORT_COLUMNS, rowCount: rows.length, batches: oneBatch(rows) });
    }),

    api.get("/deleted-appointments/details/export", ({ query }) => {
      const deletions = matching(query);
      return csvResponse({
        fileName: exportFileName("DeletedAppointmentsDetails", db.now()),
        columns: DELETED_DETAILS_EXPORT_COLUMNS,
        rowCount: deletions.length,
        batches: deletionsInBatches(deletions, EXPORT_BATCH_ROWS),
      });
    }),
  ];
}
