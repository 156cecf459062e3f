// The members worklist (§2 Members list) as a team works it (docs/architecture.md, Agents as a
// team), in parts that are machines of their own: the list (filters, search, paging, sort, the
// live stream), the agent's claims, the result save with "Save anyway?" and Keep theirs / Save
// mine, the dialogs (notes, results history, crons), the work queue ("Next member"), the keyboard
// work mode, and the work queue's callbacks (the picker, offered after "Contact Made Call Back" is
// saved, and My callbacks). The list knows
// none of the others: they change its rows by sending it events and follow what it emits
// (list/list.follow.ts). This machine only starts the parts, in that order, each given the parts
// it talks to. Effects are provided by src/app.
import { setup, type ActorRefFrom } from "xstate";
import { membersListMachine } from "./list/list.machine";
import type { ListInput } from "./list/list.types";
import { claimsMachine } from "./claims/claims.machine";
import { resultSaveMachine } from "./save/resultSave.machine";
import { membersDialogsMachine } from "./dialogs/dialogs.machine";
import { queueMachine } from "./queue/queue.machine";
import { workModeMachine } from "./workMode/workMode.machine";
import { callbackPickerMachine } from "../callbacks/picker/callbackPicker.machine";
import { offerCallbackAfterSave } from "../callbacks/picker/pickerMember";
import { myCallbacksMachine } from "../callbacks/mine/myCallbacks.machine";
import { campaignPanelMachine } from "./campaignPanel/campaignPanel.machine";

export interface MembersInput extends ListInput {
  /** Administrators reset attempts in the work queue (staff when absent). */
  isAdmin?: boolean;
}

export interface MembersParts {
  list: ActorRefFrom<typeof membersListMachine>;
  claims: ActorRefFrom<typeof claimsMachine>;
  save: ActorRefFrom<typeof resultSaveMachine>;
  dialogs: ActorRefFrom<typeof membersDialogsMachine>;
  queue: ActorRefFrom<typeof queueMachine>;
  work: ActorRefFrom<typeof workModeMachine>;
  picker: ActorRefFrom<typeof callbackPickerMachine>;
  myCallbacks: ActorRefFrom<typeof myCallbacksMachine>;
  campaign: ActorRefFrom<typeof campaignPanelMachine>;
}

export const membersMachine = setup({
  types: {
    input: {} as MembersInput,
    context: {} as MembersParts,
  },
  actors: {
    list: membersListMachine,
    claims: claimsMachine,
    save: resultSaveMachine,
    dialogs: membersDialogsMachine,
    queue: queueMachine,
    work: workModeMachine,
    picker: callbackPickerMachine,
    myCallbacks: myCallbacksMachine,
    campaign: campaignPanelMachine,
    offerCallbackAfterSave,
  },
}).createMachine({
  id: "members",
  context: ({ input: { isAdmin, ...input }, spawn }) => {
    const list = spawn("list", { id: "list", input });
    const claims = spawn("claims", { id: "claims", input: { list } });
    const save = spawn("save", { id: "save", input: { list, claims, userId: input.userId } });
    const dialogs = spawn("dialogs", { id: "dialogs", input: { list, claims, userId: input.userId, isAdmin: isAdmin ?? false } });
    const queue = spawn("queue", { id: "queue", input: { list, claims, save, isAdmin: isAdmin ?? false } });
    const work = spawn("work", { id: "work", input: { list, save, claims, dialogs, queue } });
    const picker = spawn("picker", { id: "picker" });
    const myCallbacks = spawn("myCallbacks", { id: "myCallbacks", input: { list, userId: input.userId } });
    const campaign = spawn("campaign", { id: "campaign", input: { queue, list, userId: input.userId } });
    return { list, claims, save, dialogs, queue, work, picker, myCallbacks, campaign };
  },
  invoke: { src: "offerCallbackAfterSave", input: ({ context }) => ({ list: context.list, save: context.save, picker: context.picker }) },
});
