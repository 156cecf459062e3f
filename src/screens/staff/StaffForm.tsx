// The Staff screen's form: a new account, or the changes to one. Save stays off until the e-mail and
// both names are there; the server's refusal (an e-mail taken, the last administrator) shows in the
// form with the field it names.
import { useSelector } from "@xstate/react";
import { useId, type FormEvent } from "react";
import { Modal } from "../../components/Modal";
import { failureText } from "../../machines/adminFailure";
import type { DraftField, StaffDraft } from "../../machines/staff/staff.machine";
import * as staff from "../../machines/staff/staff.selectors";
import { PracticeChoice } from "./PracticeChoice";
import type { StaffActor } from "../../machines/staff/staff.machine";

const FIELDS: { field: DraftField; label: string; type: "text" | "email"; autoComplete: string }[] = [
  { field: "firstname", label: "First name", type: "text", autoComplete: "off" },
  { field: "lastname", label: "Last name", type: "text", autoComplete: "off" },
  { field: "email", label: "E-mail (the account they sign in with)", type: "email", autoComplete: "off" },
];

export function StaffForm({ actor, draft }: { actor: StaffActor; draft: StaffDraft }) {
  const practices = useSelector(actor, staff.selectPractices);
  const failure = useSelector(actor, staff.selectFormFailure);
  const saving = useSelector(actor, staff.selectSaving);
  const canSave = useSelector(actor, staff.selectCanSave);
  const formId = useId();
  const cancel = () => actor.send({ type: "staff.cancel" });
  const save = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: "staff.save" });
  };
  const named = new Set(failure?.fields ?? []);

  return (
    <Modal
      title={draft.id === null ? "Add a staff member" : `Edit ${draft.firstname} ${draft.lastname}`}
      onClose={cancel}
      actions={
        <>
          <button type="button" className="button" onClick={cancel}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" aria-disabled={!canSave}>
            {saving ? "Saving…" : "Save"}
          </button>
        </>
      }
    >
      <form id={formId} className="dialog-form" onSubmit={save} noValidate aria-busy={saving}>
        {failure ? (
          <p role="alert" className="alert alert--error">
            {failureText(failure)}
          </p>
        ) : null}
        {FIELDS.map(({ field, label, type, autoComplete }) => (
          <div key={field} className="dialog-field">
            <label htmlFor={`${formId}-${field}`}>{label}</label>
            <input
              id={`${formId}-${field}`}
              type={type}
              required
              autoComplete={autoComplete}
              aria-invalid={named.has(field) || undefined}
              value={draft[field]}
              disabled={saving}
              onChange={(event) => actor.send({ type: "staff.draft.change", field, value: event.target.value })}
            />
          </div>
        ))}
        <label className="admin-form__check">
          <input type="checkbox" checked={draft.isAdmin} disabled={saving} onChange={(event) => actor.send({ type: "staff.draft.admin", isAdmin: event.target.checked })} />
          Administrator (manages staff, practices and member files)
        </label>
        <PracticeChoice
          practices={practices}
          chosen={draft.practiceIds}
          disabled={saving}
          invalid={named.has("defaultLocationId")}
          onToggle={(id) => actor.send({ type: "staff.draft.practice.toggle", id })}
        />
      </form>
    </Modal>
  );
}
