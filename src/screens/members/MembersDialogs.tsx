// The members list's dialogs: a member's notes or results history, the crons history (the dialogs
// machine's children), the sheet of shortcuts (the work mode's), and "Save anyway?" (the result
// save's question about a member someone else is calling), an administrator's reset of a member's
// attempts waiting to be confirmed (the work queue's), and the callback picker.
import { useSelector } from "@xstate/react";
import type { MembersParts } from "../../machines/members/members.machine";
import * as dialogs from "../../machines/members/dialogs/dialogs.selectors";
import { selectConfirming } from "../../machines/members/save/resultSave.selectors";
import { selectSheetOpen } from "../../machines/members/workMode/workMode.selectors";
import { CronsDialog } from "./CronsDialog";
import { memberName } from "./memberFormat";
import { NotesDialog } from "./NotesDialog";
import { ResetAttemptsDialog } from "./ResetAttemptsDialog";
import { ResultHistoryDialog } from "./ResultHistoryDialog";
import { SaveAnywayDialog } from "./SaveAnywayDialog";
import { ShortcutSheet } from "./WorkModeKeys";
import { selectPickerOpen } from "../../machines/callbacks/picker/callbackPicker.selectors";
import { CallbackPicker } from "../callbacks/CallbackPicker";

export function MembersDialogs({ parts }: { parts: MembersParts }) {
  const dialog = useSelector(parts.dialogs, dialogs.selectDialog);
  const member = useSelector(parts.dialogs, dialogs.selectDialogMember);
  const notes = useSelector(parts.dialogs, dialogs.selectNotesActor);
  const history = useSelector(parts.dialogs, dialogs.selectHistoryActor);
  const crons = useSelector(parts.dialogs, dialogs.selectCronsActor);
  const sheetOpen = useSelector(parts.work, selectSheetOpen);
  const confirming = useSelector(parts.save, selectConfirming);
  const picking = useSelector(parts.picker, selectPickerOpen);
  const close = () => parts.dialogs.send({ type: "members.dialog.close" });
  return (
    <>
      {dialog === "notes" && notes && member ? <NotesDialog actor={notes} memberName={memberName(member)} onClose={close} /> : null}
      {dialog === "history" && history && member ? <ResultHistoryDialog actor={history} memberName={memberName(member)} memberId={member.id} onClose={close} /> : null}
      {dialog === "crons" && crons ? <CronsDialog actor={crons} onClose={close} /> : null}
      {sheetOpen ? <ShortcutSheet onClose={() => parts.work.send({ type: "work.sheet.close" })} /> : null}
      {confirming ? <SaveAnywayDialog save={parts.save} claimedBy={confirming.claimedBy} /> : null}
      <ResetAttemptsDialog queue={parts.queue} />
      {picking ? <CallbackPicker actor={parts.picker} /> : null}
    </>
  );
}
