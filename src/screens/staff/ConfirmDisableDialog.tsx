// Disabling signs the person out everywhere at once: the Staff screen asks first.
import { useSelector } from "@xstate/react";
import { Modal } from "../../components/Modal";
import type { StaffMember } from "../../machines/staff/staff.machine";
import * as staff from "../../machines/staff/staff.selectors";
import type { StaffActor } from "../../machines/staff/staff.machine";

export function ConfirmDisableDialog({ actor, member }: { actor: StaffActor; member: StaffMember }) {
  const disabling = useSelector(actor, staff.selectDisabling);
  const name = `${member.firstname} ${member.lastname}`;
  const cancel = () => actor.send({ type: "staff.cancel" });
  return (
    <Modal
      title={`Disable ${name}?`}
      size="small"
      onClose={cancel}
      actions={
        <>
          <button type="button" className="button" disabled={disabling} onClick={cancel}>
            Cancel
          </button>
          <button type="button" className="button button--danger" disabled={disabling} onClick={() => actor.send({ type: "staff.confirm" })}>
            {disabling ? "Disabling…" : "Disable"}
          </button>
        </>
      }
    >
      <p>
        {name} ({member.email}) will be signed out everywhere at once and can no longer sign in. Their claims on members end. You can
        enable the account again later.
      </p>
    </Modal>
  );
}
