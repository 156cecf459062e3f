// The members worklist (§2 Members list) as a team works it (docs/architecture.md, Agents as a
// team), in parts that are machines of their own: the list (filters, search, paging, sort, the
// live stream), the agent's claims, the result save with "Save anyway?" and Keep theirs / Save
// mine, the dialogs (notes, results history, crons), the keyboard work mode, and the work queue's
// callbacks (the picker, offered after "Contact Made Call Back" is saved, and My callbacks). The list knows
// none of the others: they change its rows by sending it events and follow what it emits
// (list/list.follow.ts). This machine only starts the parts, in that order, each given the parts
// it talks to; a new part (a work queue) is one more of them. Effects are provided by src/app.
import { setup, type ActorRefFrom } from "xstate";
import { membersListMachine } from "./list/list.machine";
import type { ListInput } from "./list/list.types";
import { claimsMachine } from "./claims/claims.machine";
import { resultSaveMachine } from "./save/resultSave.machine";
import { membersDialogsMachine } from "./dialogs/dialogs.machine";
import { workModeMachine } from "./workMode/workMode.machine";
import { callbackPickerMachine } from "../callbacks/picker/callbackPicker.machine";
import { offerCallbackAfterSave } from "../callbacks/picker/pickerMember";
import { myCallbacksMachine } from "../callbacks/mine/myCallbacks.machine";

export type MembersInput = ListInput;

export interface MembersParts {
  list: ActorRefFrom<typeof membersListMachine>;
  claims: ActorRefFrom<typeof claimsMachine>;
  save: ActorRefFrom<typeof resultSaveMachine>;
  dialogs: ActorRefFrom<typeof membersDialogsMachine>;
  work: ActorRefFrom<typeof workModeMachine>;
  picker: ActorRefFrom<typeof callbackPickerMachine>;
  myCallbacks: ActorRefFrom<typeof myCallbacksMachine>;
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
    work: workModeMachine,
    picker: callbackPickerMachine,
    myCallbacks: myCallbacksMachine,
    offerCallbackAfterSave,
  },
}).createMachine({
  id: "members",
  context: ({ input, spawn }) => {
    const list = spawn("list", { id: "list", input });
    const claims = spawn("claims", { id: "claims", input: { list } });
    const save = spawn("save", { id: "save", input: { list, claims, userId: input.userId } });
    const dialogs = spawn("dialogs", { id: "dialogs", input: { list, claims, userId: input.userId } });
    const work = spawn("work", { id: "work", input: { list, save, claims, dialogs } });
    const picker = spawn("picker", { id: "picker" });
    const myCallbacks = spawn("myCallbacks", { id: "myCallbacks", input: { list, userId: input.userId } });
    return { list, claims, save, dialogs, work, picker, myCallbacks };
  },
  invoke: { src: "offerCallbackAfterSave", input: ({ context }) => ({ list: context.list, save: context.save, picker: context.picker }) },
});
