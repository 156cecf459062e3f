// The name the practice group gives a region (SMD: Smile Magic).
import { useSelector } from "@xstate/react";
import { useId, type FormEvent } from "react";
import { Modal } from "../../components/Modal";
import { failureText } from "../../machines/adminFailure";
import type { Region } from "../../machines/practicesAdmin/practicesAdmin.machine";
import * as admin from "../../machines/practicesAdmin/practicesAdmin.selectors";
import type { PracticesAdminActor } from "../../machines/practicesAdmin/practicesAdmin.machine";

export function RegionForm({ actor, draft }: { actor: PracticesAdminActor; draft: { name: Region; title: string } }) {
  const failure = useSelector(actor, admin.selectFormFailure);
  const saving = useSelector(actor, admin.selectSaving);
  const canSave = useSelector(actor, admin.selectCanSaveRegion);
  const id = useId();
  const cancel = () => actor.send({ type: "practices.cancel" });
  const save = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: "regions.save" });
  };
  return (
    <Modal
      title={`Rename ${draft.name}`}
      size="small"
      onClose={cancel}
      actions={
        <>
          <button type="button" className="button" onClick={cancel}>
            Cancel
          </button>
          <button type="submit" form={id} className="button button--primary" aria-disabled={!canSave}>
            {saving ? "Saving…" : "Save"}
          </button>
        </>
      }
    >
      <form id={id} className="dialog-form" onSubmit={save} noValidate aria-busy={saving}>
        {failure ? (
          <p role="alert" className="alert alert--error">
            {failureText(failure)}
          </p>
        ) : null}
        <div className="dialog-field">
          <label htmlFor={`${id}-title`}>Name of {draft.name}</label>
          <input id={`${id}-title`} type="text" required maxLength={100} value={draft.title} disabled={saving} onChange={(event) => actor.send({ type: "regions.draft.change", title: event.target.value })} />
        </div>
      </form>
    </Modal>
  );
}
