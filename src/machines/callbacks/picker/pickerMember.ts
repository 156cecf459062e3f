// How the members list hands a member to the callback picker: from a row's "Book callback", and
// after the row's result "Contact Made Call Back" is saved and the list has reloaded (§4: save and
// reload), with the member as the reloaded page shows it (its open callback included).
import { fromCallback, type ActorRefFrom, type EventObject } from "xstate";
import type { Member } from "../../members/members.filters";
import type { ListRef } from "../../members/list/list.follow";
import type { resultSaveMachine } from "../../members/save/resultSave.machine";
import { CALL_BACK_RESULT, type CallbackPickerActor, type PickerMember } from "./callbackPicker.machine";

export const pickerMemberOf = (member: Member): PickerMember => ({
  id: member.id,
  name: [member.First_Name, member.Middle_Name, member.Last_Name].filter(Boolean).join(" "),
  timeZone: member.timeZone,
  callback: member.callback,
});

export interface OfferInput {
  list: ListRef;
  save: ActorRefFrom<typeof resultSaveMachine>;
  picker: CallbackPickerActor;
}

/** Opens the picker for a member whose saved result is "Contact Made Call Back", once the list has reloaded. */
export const offerCallbackAfterSave = fromCallback<EventObject, OfferInput>(({ input: { list, save, picker } }) => {
  let waiting: number | null = null;
  const saved = save.on("members.result.saved", ({ memberId, result }) => {
    waiting = result === CALL_BACK_RESULT ? memberId : null;
  });
  const loaded = list.on("members.page.loaded", ({ members }) => {
    if (waiting === null) return;
    const member = members.find((row) => row.id === waiting);
    waiting = null;
    if (member) picker.send({ type: "callback.picker.open", member: pickerMemberOf(member) });
  });
  // A reload that failed offers nothing later: the agent books from the row.
  const failed = list.on("members.page.failed", () => {
    waiting = null;
  });
  return () => {
    saved.unsubscribe();
    loaded.unsubscribe();
    failed.unsubscribe();
  };
});
