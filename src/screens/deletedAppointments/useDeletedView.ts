// One deleted-appointments view: its report machine started with the opening filters, and what the
// filters and status need.
import { useSelector } from "@xstate/react";
import { useAppActor } from "../../app/useAppActor";
import { useState } from "react";
import { useServices } from "../../app/ServicesContext";
import type { reportMachine } from "../../machines/report/report.machine";
import {
  deletedFilterChange,
  selectDeletedFilters,
  selectDeletedPractices,
  selectDeletedRegions,
  type DeletedFilters,
} from "../../machines/deletedAppointments/deletedAppointments";
import { selectReportFailure, selectReportSort, selectReportStatus } from "../../machines/report/report.selectors";

export function useDeletedView(machine: typeof reportMachine) {
  const [input] = useState(useServices().tableReports.deletedInput);
  const actor = useAppActor(machine, { input });
  return {
    actor,
    status: useSelector(actor, selectReportStatus),
    failure: useSelector(actor, selectReportFailure),
    sort: useSelector(actor, selectReportSort),
    filters: useSelector(actor, selectDeletedFilters),
    regions: useSelector(actor, selectDeletedRegions),
    practices: useSelector(actor, selectDeletedPractices),
    change: (change: Partial<DeletedFilters>) => actor.send({ type: "report.filters.change", filters: deletedFilterChange(change) }),
    refresh: () => actor.send({ type: "report.refresh" }),
    sortBy: (column: string) => actor.send({ type: "report.sort", column }),
  };
}
