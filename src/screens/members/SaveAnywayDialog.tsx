// "Marcus Reed is calling this member. Save anyway?": asked before a result of a member someone
// else is calling is saved (docs/architecture.md, Agents as a team).
import type { ActorRefFrom } from "xstate";
import { Modal } from "../../components/Modal";
import type { resultSaveMachine } from "../../machines/members/save/resultSave.machine";

interface SaveAnywayDialogProps {
  save: ActorRefFrom<typeof resultSaveMachine>;
  claimedBy: string;
}

export function SaveAnywayDialog({ save, claimedBy }: SaveAnywayDialogProps) {
  const cancel = () => save.send({ type: "members.save.cancel" });
  return (
    <Modal
      title="Save anyway?"
      size="small"
      onClose={cancel}
      actions={
        <>
          <button type="button" className="button" onClick={cancel}>
            Cancel
          </button>
          <button type="button" className="button button--primary" onClick={() => save.send({ type: "members.save.confirm" })}>
            Save anyway
          </button>
        </>
      }
    >
      <p>{claimedBy} is calling this member. Save anyway?</p>
    </Modal>
  );
}
