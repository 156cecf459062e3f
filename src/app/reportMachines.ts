// The report screens' machines (§2 reports), each provided with its calls and the app's effects.
// Beside services.ts, which wires the app's long-lived actors and the other workflows.
import type { ApiClient } from "../api/client";
import { zonedDate } from "../../domain/calendar.ts";
import { offeredMonths } from "../../domain/reports/newPatientOrigin.ts";
import { createContactDataActors } from "../machines/contactData/contactData.actors";
import { contactDataReportMachine } from "../machines/contactData/contactData.selectors";
import {
  deletedByGroupMachine,
  deletedDetailsMachine,
  deletedSummaryMachine,
  initialDeletedFilters,
} from "../machines/deletedAppointments/deletedAppointments";
import { createDeletedAppointmentsActors } from "../machines/deletedAppointments/deletedAppointments.actors";
import { leadDataReportMachine } from "../machines/leadDataReport/leadDataReport.machine";
import { createLeadDataActors } from "../machines/leadDataReport/leadDataReport.actors";
import { INITIAL_MEMBERS_STATUS_FILTERS, membersStatusMachine } from "../machines/membersStatusReport/membersStatusReport";
import { createMembersStatusActors } from "../machines/membersStatusReport/membersStatusReport.actors";
import { membersStatusSendMachine } from "../machines/membersStatusReport/membersStatusSend.machine";
import { createMembersStatusSendActors } from "../machines/membersStatusReport/membersStatusSend.actors";
import { newPatientOriginMachine } from "../machines/newPatientOrigin/newPatientOrigin.machine";
import { createNewPatientOriginActors } from "../machines/newPatientOrigin/newPatientOrigin.actors";
import { INITIAL_PRIORITY_FILTERS, priorityStatusMachine } from "../machines/priorityStatusReport/priorityStatus";
import { createPriorityStatusActors } from "../machines/priorityStatusReport/priorityStatusReport.actors";
import { createQualityIndexActors } from "../machines/qualityIndex/qualityIndex.actors";
import { qualityIndexReportMachine } from "../machines/qualityIndex/qualityIndex.selectors";
import { usageReportMachine } from "../machines/usageReport/usageReport.machine";
import { createCallActivityActors, createUsageReportActors } from "../machines/usageReport/usageReport.actors";
import { callActivityMachine, usageVisitsMachine } from "../machines/usageReport/usageTables";
import type { AppEffects } from "./appEffects";

export function createReportMachines(api: ApiClient, effects: AppEffects) {
  const actions = effects;
  const deleted = createDeletedAppointmentsActors(api);
  return {
    usageReport: usageReportMachine.provide({
      actors: {
        report: usageVisitsMachine.provide({ actors: createUsageReportActors(api), actions }),
        calls: callActivityMachine.provide({ actors: createCallActivityActors(api), actions }),
      },
    }),
    chartReports: {
      contactData: contactDataReportMachine.provide({ actors: createContactDataActors(api), actions }),
      qualityIndex: qualityIndexReportMachine.provide({ actors: createQualityIndexActors(api), actions }),
      newPatientOrigin: newPatientOriginMachine.provide({ actors: createNewPatientOriginActors(api), actions }),
      newPatientOriginInput: () => ({ months: offeredMonths(zonedDate(new Date())) }),
    },
    tableReports: {
      priorityStatus: priorityStatusMachine.provide({ actors: createPriorityStatusActors(api), actions }),
      priorityStatusInput: () => ({ filters: INITIAL_PRIORITY_FILTERS }),
      membersStatus: membersStatusMachine.provide({ actors: createMembersStatusActors(api), actions }),
      membersStatusInput: () => ({ filters: INITIAL_MEMBERS_STATUS_FILTERS }),
      membersStatusSend: membersStatusSendMachine.provide({ actors: createMembersStatusSendActors(api), actions }),
      leadData: leadDataReportMachine.provide({ actors: createLeadDataActors(api), actions }),
      deletedByGroup: deletedByGroupMachine.provide({ actors: deleted.byGroup, actions }),
      deletedSummary: deletedSummaryMachine.provide({ actors: deleted.summary, actions }),
      deletedDetails: deletedDetailsMachine.provide({ actors: deleted.details, actions }),
      /** The screens' opening inputs: the periods and default ranges start from the moment a screen opens. */
      leadDataInput: () => ({ now: Date.now() }),
      deletedInput: () => ({ filters: initialDeletedFilters(Date.now()) }),
    },
  };
}
