// The report screens' machines (§2 reports), each provided with its calls and the app's effects.
// Beside services.ts, which wires the app's long-lived actors and the other workflows.
import type { ApiClient } from "../api/client";
import { zonedDate } from "../../domain/calendar.ts";
import { offeredMonths } from "../../domain/reports/newPatientOrigin.ts";
import { createContactDataActors } from "../machines/contactData/contactData.actors";
import { initialDeletedFilters } from "../machines/deletedAppointments/deletedAppointments";
import { createDeletedAppointmentsActors } from "../machines/deletedAppointments/deletedAppointments.actors";
import { leadDataReportMachine } from "../machines/leadDataReport/leadDataReport.machine";
import { createLeadDataActors } from "../machines/leadDataReport/leadDataReport.actors";
import { createMembersStatusActors } from "../machines/membersStatusReport/membersStatusReport.actors";
import { membersStatusSendMachine } from "../machines/membersStatusReport/membersStatusSend.machine";
import { createMembersStatusSendActors } from "../machines/membersStatusReport/membersStatusSend.actors";
import { newPatientOriginMachine } from "../machines/newPatientOrigin/newPatientOrigin.machine";
import { createNewPatientOriginActors } from "../machines/newPatientOrigin/newPatientOrigin.actors";
import { createPriorityStatusActors } from "../machines/priorityStatusReport/priorityStatusReport.actors";
import { createQualityIndexActors } from "../machines/qualityIndex/qualityIndex.actors";
import { reportMachine } from "../machines/report/report.machine";
import type { reportActors } from "../machines/report/report.actors";
import { usageReportMachine } from "../machines/usageReport/usageReport.machine";
import { createCallActivityActors, createUsageReportActors } from "../machines/usageReport/usageReport.actors";
import type { AppEffects } from "./appEffects";

export function createReportMachines(api: ApiClient, effects: AppEffects) {
  const report = (actors: ReturnType<typeof reportActors>) => reportMachine.provide({ actors, actions: effects });
  const deleted = createDeletedAppointmentsActors(api);
  return {
    usageReport: usageReportMachine.provide({
      actors: { report: report(createUsageReportActors(api)), calls: report(createCallActivityActors(api)) },
    }),
    chartReports: {
      contactData: report(createContactDataActors(api)),
      qualityIndex: report(createQualityIndexActors(api)),
      newPatientOrigin: newPatientOriginMachine.provide({ actors: createNewPatientOriginActors(api), actions: effects }),
      newPatientOriginInput: () => ({ months: offeredMonths(zonedDate(new Date())) }),
    },
    tableReports: {
      priorityStatus: report(createPriorityStatusActors(api)),
      membersStatus: report(createMembersStatusActors(api)),
      membersStatusSend: membersStatusSendMachine.provide({ actors: createMembersStatusSendActors(api), actions: effects }),
      leadData: leadDataReportMachine.provide({ actors: createLeadDataActors(api), actions: effects }),
      deletedByGroup: report(deleted.byGroup),
      deletedSummary: report(deleted.summary),
      deletedDetails: report(deleted.details),
      /** The screens' opening inputs: the periods and default ranges start from the moment a screen opens. */
      leadDataInput: () => ({ now: Date.now() }),
      deletedInput: () => ({ filters: initialDeletedFilters(Date.now()) }),
    },
  };
}
