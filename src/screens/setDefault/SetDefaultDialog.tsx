// §2 Layout: the Set Default dialog of the user menu: the default practices and the default status
// filter of the members list. It renders the set-default machine src/app runs while the dialog is
// open; Cancel, × and Escape close it without saving (and cancel a save under way).
import { useSelector } from "@xstate/react";
import { useId, useRef, type FormEvent } from "react";
import { AlertMessage } from "../../components/AlertMessage";
import { Modal } from "../../components/Modal";
import type { SetDefaultRef, StatusDefault } from "../../machines/setDefault/setDefault.machine";
import * as setDefault from "../../machines/setDefault/setDefault.selectors";
import { DefaultPractices } from "./DefaultPractices";
import "../dialogs.css";


interface SetDefaultDialogProps {
  actor: SetDefaultRef;
  onClose: () => void;
}

export function SetDefaultDialog({ actor, onClose }: SetDefaultDialogProps) {
  const loading = useSelector(actor, setDefault.selectLoading);
  const loadFailed = useSelector(actor, setDefault.selectLoadFailed);
  const empty = useSelector(actor, setDefault.selectEmpty);
  const formShown = useSelector(actor, setDefault.selectFormShown);
  const failure = useSelector(actor, setDefault.selectFailure);
  const formId = useId();
  const content = useRef<HTMLDivElement>(null);
  /** The button just pressed goes away: focus stays in the dialog, so Escape and Tab keep working. */
  const focusDialog = () => content.current?.closest<HTMLElement>('[role="dialog"]')?.focus();

  return (
    <Modal title="Set Default" onClose={onClose} actions={<DialogActions actor={actor} formId={formId} onClose={onClose} />}>
      <div ref={content} className="dialog-content">
        {loading ? (
          <p role="status" className="dialog-status">
            Loading your defaults…
          </p>
        ) : null}
        {loadFailed && failure ? (
          <div className="dialog-problem">
            <p role="alert" className="alert alert--error">
              {failure.message}
              {failure.statusCode > 0 ? ` (status ${failure.statusCode})` : ""}
            </p>
            <button
              type="button"
              className="button"
              onClick={() => {
                actor.send({ type: "setDefault.retry" });
                focusDialog();
              }}
            >
              Try again
            </button>
          </div>
        ) : null}
        {empty ? <p className="dialog-status">No practices are available to you, so there is no default to set.</p> : null}
        {formShown ? <DefaultsForm actor={actor} formId={formId} focusDialog={focusDialog} /> : null}
      </div>
    </Modal>
  );
}

/** Cancel and Save while the form shows; Close otherwise. */
function DialogActions({ actor, formId, onClose }: { actor: SetDefaultRef; formId: string; onClose: () => void }) {
  const formShown = useSelector(actor, setDefault.selectFormShown);
  const canSave = useSelector(actor, setDefault.selectCanSave);
  const saving = useSelector(actor, setDefault.selectSaving);
  const reloading = useSelector(actor, setDefault.selectReloading);
  if (!formShown) {
    return (
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
    );
  }
  return (
    <>
      <button type="button" className="button" onClick={onClose}>
        Cancel
      </button>
      <button type="submit" form={formId} className="button button--primary" aria-disabled={!canSave}>
        {saving ? "Saving…" : reloading ? "Reloading…" : "Save"}
      </button>
    </>
  );
}

/** The practices and the status filter; a failed save says why, and a saved one that the page reloads. */
function DefaultsForm({ actor, formId, focusDialog }: { actor: SetDefaultRef; formId: string; focusDialog: () => void }) {
  const saving = useSelector(actor, setDefault.selectSaving);
  const reloading = useSelector(actor, setDefault.selectReloading);
  const failure = useSelector(actor, setDefault.selectFailure);
  const locked = useSelector(actor, setDefault.selectFormLocked);
  const status = useSelector(actor, setDefault.selectStatus);

  function save(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: "setDefault.save" });
  }

  const dismiss = () => {
    actor.send({ type: "setDefault.failure.dismiss" });
    focusDialog();
  };
  return (
    <form id={formId} className="dialog-form" onSubmit={save} noValidate aria-busy={saving || reloading}>
      {failure ? <AlertMessage failure={failure} onDismiss={dismiss} /> : null}
      {reloading ? (
        <p role="status" className="dialog-status">
          Saved. Reloading the page…
        </p>
      ) : null}
      <DefaultPractices actor={actor} />
      <div className="dialog-field">
        <label htmlFor={`${formId}-status`}>Default status filter</label>
        <select
          id={`${formId}-status`}
          value={status}
          disabled={locked}
          onChange={(event) => actor.send({ type: "setDefault.status.change", status: event.target.value as StatusDefault })}
        >
          {setDefault.STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
