// The members list's parts with their effects: each part's calls from its own actors file, and
// what the browser gives them (the saved filters, the live stream, the generic error handler),
// handed in by src/app.
import type { PromiseActorLogic } from "xstate";
import type { ApiClient } from "../../api/client";
import type { ApiFailure } from "../../api/errors";
import type { PageSize } from "../../lib/constants";
import type { MemberFilters, SavedFilters } from "./members.filters";
import type { liveEventsMachine } from "../liveEvents/liveEvents.machine";
import { membersListMachine } from "./list/list.machine";
import { createListActors } from "./list/list.actors";
import { claimsMachine } from "./claims/claims.machine";
import { createClaimsActors } from "./claims/claims.actors";
import { resultSaveMachine } from "./save/resultSave.machine";
import { createResultSaveActors } from "./save/resultSave.actors";
import { membersDialogsMachine } from "./dialogs/dialogs.machine";
import { createDialogsActors } from "./dialogs/dialogs.actors";
import { queueMachine } from "./queue/queue.machine";
import { createQueueActors } from "./queue/queue.actors";
import { callbackPickerMachine } from "../callbacks/picker/callbackPicker.machine";
import { createCallbackPickerActors } from "../callbacks/picker/callbackPicker.actors";
import { myCallbacksMachine } from "../callbacks/mine/myCallbacks.machine";
import { createMyCallbacksActors } from "../callbacks/mine/myCallbacks.actors";
import { campaignPanelMachine } from "./campaignPanel/campaignPanel.machine";
import { createCampaignPanelActors } from "./campaignPanel/campaignPanel.actors";

export interface MembersBrowserEffects {
  /** Whether a session is there to release a claim with (signing out ends claims on the server). */
  signedIn: () => boolean;
  /** The live event stream, provided with its own calls. */
  liveEvents: typeof liveEventsMachine;
  /** The URL query and the memberFilters cookie. */
  readSavedFilters: PromiseActorLogic<SavedFilters>;
  persistFilters: (_: unknown, params: { filters: MemberFilters; pageSize: PageSize }) => void;
  /** The generic error handler (§8). */
  reportFailure: (_: unknown, params: { failure: ApiFailure }) => void;
}

export function createMembersActors(api: ApiClient, browser: MembersBrowserEffects) {
  const { liveEvents, readSavedFilters, persistFilters, reportFailure } = browser;
  return {
    list: membersListMachine.provide({
      actors: { ...createListActors(api), liveEvents, readSavedFilters },
      actions: { persistFilters, reportFailure },
    }),
    claims: claimsMachine.provide({ actors: createClaimsActors(api, browser) }),
    save: resultSaveMachine.provide({ actors: createResultSaveActors(api), actions: { reportFailure } }),
    dialogs: membersDialogsMachine.provide({ actors: createDialogsActors(api) }),
    queue: queueMachine.provide({ actors: createQueueActors(api), actions: { reportFailure } }),
    picker: callbackPickerMachine.provide({ actors: createCallbackPickerActors(api) }),
    myCallbacks: myCallbacksMachine.provide({ actors: createMyCallbacksActors(api) }),
    campaign: campaignPanelMachine.provide({ actors: createCampaignPanelActors(api) }),
  };
}
