// Every handler of the fake backend, grouped by the contract's tags. The browser worker, node tests
// and the contract host compose the same list.
import type { MockDb } from "../db/createMockDb";
import { authHandlers } from "./auth";
import { boardHandlers } from "./board";
import { callRecordingsHandlers } from "./callRecordings";
import { deletedAppointmentsHandlers } from "./deletedAppointments";
import { eventsHandlers } from "./events";
import { helpHandlers } from "./help";
import { jobsHandlers } from "./jobs";
import { membersHandlers } from "./members";
import { practicesHandlers } from "./practices";
import { reportsHandlers } from "./reports";
import { setupHandlers } from "./setup";
import { usageHandlers } from "./usage";
import { staffHandlers } from "./staff";
import { practicesAdminHandlers } from "./practicesAdmin";
import { fileUploadsHandlers } from "./fileUploads";
import { queueHandlers } from "./queue";
import { callbacksHandlers } from "./callbacks";
import { campaignsHandlers } from "./campaigns";
import { campaignProgressHandlers } from "./campaignProgress";

export function createHandlers(db: MockDb) {
  return [
    ...authHandlers(db),
    ...setupHandlers(db),
    ...practicesHandlers(db),
    ...helpHandlers(db),
    ...membersHandlers(db),
    ...queueHandlers(db),
    ...callbacksHandlers(db),
    ...jobsHandlers(db),
    ...reportsHandlers(db),
    ...deletedAppointmentsHandlers(db),
    ...callRecordingsHandlers(db),
    ...usageHandlers(db),
    ...eventsHandlers(db),
    ...staffHandlers(db),
    ...practicesAdminHandlers(db),
    ...campaignsHandlers(db),
    ...campaignProgressHandlers(db),
    ...fileUploadsHandlers(db),
    ...boardHandlers(db),
  ];
}
