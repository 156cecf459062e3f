// The administration screens' machines (Staff, Practices and regions, Member files, Callbacks, Campaigns), each provided
// with its calls. Beside services.ts, which wires the app's long-lived actors and the other workflows.
import type { ApiClient } from "../api/client";
import { createFileImportActors } from "../machines/fileImport/fileImport.actors";
import { fileImportMachine } from "../machines/fileImport/fileImport.machine";
import { createPracticesAdminActors } from "../machines/practicesAdmin/practicesAdmin.actors";
import { practicesAdminMachine } from "../machines/practicesAdmin/practicesAdmin.machine";
import { createStaffActors } from "../machines/staff/staff.actors";
import { staffMachine } from "../machines/staff/staff.machine";
import { callbacksAdminMachine } from "../machines/callbacksAdmin/callbacksAdmin.machine";
import { createCallbacksAdminActors } from "../machines/callbacksAdmin/callbacksAdmin.actors";
import { createLiveEventsActors } from "../machines/liveEvents/liveEvents.actors";
import { liveEventsMachine } from "../machines/liveEvents/liveEvents.machine";
import { campaignsMachine } from "../machines/campaigns/campaigns.machine";
import { createCampaignsActors } from "../machines/campaigns/campaigns.actors";
import { campaignProgressMachine } from "../machines/campaignProgress/campaignProgress.machine";
import { createCampaignProgressActors } from "../machines/campaignProgress/campaignProgress.actors";

export function createAdminMachines(api: ApiClient, baseUrl: string) {
  return {
    staffAdmin: staffMachine.provide({ actors: createStaffActors(api) }),
    practicesAdmin: practicesAdminMachine.provide({ actors: createPracticesAdminActors(api) }),
    fileImport: fileImportMachine.provide({ actors: createFileImportActors(api) }),
    callbacksAdmin: callbacksAdminMachine.provide({
      actors: { ...createCallbacksAdminActors(api), liveEvents: liveEventsMachine.provide({ actors: createLiveEventsActors(api, baseUrl, ["callback"]) }) },
    }),
    campaigns: campaignsMachine.provide({
      actors: { ...createCampaignsActors(api), liveEvents: liveEventsMachine.provide({ actors: createLiveEventsActors(api, baseUrl, ["campaign"]) }) },
    }),
    campaignProgress: campaignProgressMachine.provide({ actors: createCampaignProgressActors(api) }),
  };
}

export type AdminMachines = ReturnType<typeof createAdminMachines>;
