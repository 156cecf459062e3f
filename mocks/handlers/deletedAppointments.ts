// Appointments deleted in the practices' schedules (tag deleted-appointments): by group, by
// practice and one by one, over a range of days of deletion.
import { invalidRequest } from "../../domain/errors.ts";
import { HttpResponse } from "msw";
import { createApi } from "../api";
import type { MockDb } from "../db/createMockDb";
import { deletionsByGroup, deletionsByPractice, deletionsMatching, deletionsPage, type DeletedFilters } from "../reports/deletedAppointments";

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
    if (endDate < startDate) throw invalidRequest([{ field: "endDate", message: "must not be before startDate" }]);
    return deletionsMatching(db.deletedAppointments, db.practices, { startDate, endDate, region, practice });
  };

  return [
    api.get("/deleted-appointments/bygroup", ({ query }) => HttpResponse.json(deletionsByGroup(matching(query), query.region ?? "all"))),

    api.get("/deleted-appointments/summary", ({ query }) => HttpResponse.json(deletionsByPractice(matching(query)))),

    api.get("/deleted-appointments/details", ({ query }) =>
      HttpResponse.json(deletionsPage(matching(query), query.pageNum ?? 1, query.pageSize ?? 15)),
    ),
  ];
}
