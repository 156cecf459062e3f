// A region added (its code and name) or renamed (SMD: Smile Magic).
import { useSelector } from "@xstate/react";
import { useId, type FormEvent } from "react";
import { Modal } from "../../components/Modal";
import { failureText } from "../../machines/adminFailure";
import type { RegionDraft } from "../../machines/practicesAdmin/practicesAdmin.machine";
import * as admin from "../../machines/practicesAdmin/practicesAdmin.selectors";
import type { PracticesAdminActor } from "../../machines/practicesAdmin/practicesAdmin.machine";

export function RegionForm({ actor, draft }: { actor: PracticesAdminActor; draft: RegionDraft }) {
  const failure = useSelector(actor, admin.selectFormFailure);
  const saving = useSelector(actor, admin.selectSaving);
  const canSave = useSelector(actor, admin.selectCanSaveRegion);
  const id = useId();
  const named = new Set(failure?.fields ?? []);
  const cancel = () => actor.send({ type: "practices.cancel" });
  const change = (field: "name" | "title", value: string) => actor.send({ type: "regions.draft.change", field, value });
  const save = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: "regions.save" });
  };
  return (
    <Modal
      title={draft.adding ? "Add a region" : `Rename ${draft.name}`}
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
        {draft.adding ? (
          <div className="dialog-field">
            <label htmlFor={`${id}-code`}>Code (up to 10 letters, digits and dashes)</label>
            <input id={`${id}-code`} type="text" required maxLength={10} value={draft.name} disabled={saving} aria-invalid={named.has("name") || undefined} onChange={(event) => change("name", event.target.value.toUpperCase())} />
          </div>
        ) : null}
        <div className="dialog-field">
          <label htmlFor={`${id}-title`}>{draft.adding ? "Name" : `Name of ${draft.name}`}</label>
          <input id={`${id}-title`} type="text" required maxLength={100} value={draft.title} disabled={saving} aria-invalid={named.has("title") || undefined} onChange={(event) => change("title", event.target.value)} />
        </div>
      </form>
    </Modal>
  );
}
