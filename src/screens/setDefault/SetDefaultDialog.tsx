// §2 Layout: the Set Default dialog of the user menu: the default practices and the default status
// filter of the members list. It runs the set-default machine while it is open; Cancel, × and
// Escape close it without saving (and cancel a save under way).
import { useSelector } from "@xstate/react";
import { useAppActor } from "../../app/useAppActor";
import { useId, useRef, type FormEvent } from "react";
import { AlertMessage } from "../../components/AlertMessage";
import { Modal } from "../../components/Modal";
import type { SetDefaultInput, StatusDefault, setDefaultMachine } from "../../machines/setDefault/setDefault.machine";
import * as setDefault from "../../machines/setDefault/setDefault.selectors";
import "../dialogs.css";

interface SetDefaultDialogProps {
  machine: typeof setDefaultMachine;
  user: SetDefaultInput;
  onClose: () => void;
}

export function SetDefaultDialog({ machine, user, onClose }: SetDefaultDialogProps) {
  const actor = useAppActor(machine, { input: user });
  const loading = useSelector(actor, setDefault.selectLoading);
  const loadFailed = useSelector(actor, setDefault.selectLoadFailed);
  const empty = useSelector(actor, setDefault.selectEmpty);
  const formShown = useSelector(actor, setDefault.selectFormShown);
  const locked = useSelector(actor, setDefault.selectFormLocked);
  const saving = useSelector(actor, setDefault.selectSaving);
  const reloading = useSelector(actor, setDefault.selectReloading);
  const canSave = useSelector(actor, setDefault.selectCanSave);
  const failure = useSelector(actor, setDefault.selectFailure);
  const practices = useSelector(actor, setDefault.selectPractices);
  const practiceIds = useSelector(actor, setDefault.selectPracticeIds);
  const status = useSelector(actor, setDefault.selectStatus);
  const summary = useSelector(actor, setDefault.selectPracticeSummary);
  const formId = useId();
  const summaryId = useId();
  const content = useRef<HTMLDivElement>(null);
  /** The button just pressed goes away: focus stays in the dialog, so Escape and Tab keep working. */
  const focusDialog = () => content.current?.closest<HTMLElement>('[role="dialog"]')?.focus();

  function save(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: "setDefault.save" });
  }

  const actions = formShown ? (
    <>
      <button type="button" className="button" onClick={onClose}>
        Cancel
      </button>
      <button type="submit" form={formId} className="button button--primary" aria-disabled={!canSave}>
        {saving ? "Saving…" : reloading ? "Reloading…" : "Save"}
      </button>
    </>
  ) : (
    <button type="button" className="button" onClick={onClose}>
      Close
    </button>
  );

  return (
    <Modal title="Set Default" onClose={onClose} actions={actions}>
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
        {formShown ? (
          <form id={formId} className="dialog-form" onSubmit={save} noValidate aria-busy={saving || reloading}>
            {failure ? (
              <AlertMessage
                failure={failure}
                onDismiss={() => {
                  actor.send({ type: "setDefault.failure.dismiss" });
                  focusDialog();
                }}
              />
            ) : null}
            {reloading ? (
              <p role="status" className="dialog-status">
                Saved. Reloading the page…
              </p>
            ) : null}
            <fieldset className="dialog-fieldset" aria-describedby={summaryId}>
              <legend>Default practices</legend>
              <div className="practice-choice__toolbar">
                <p id={summaryId} className="practice-choice__summary" aria-live="polite">
                  {summary}
                </p>
                <button
                  type="button"
                  className="button button--link"
                  disabled={locked || practiceIds.length === 0}
                  onClick={() => actor.send({ type: "setDefault.practices.clear" })}
                >
                  Clear
                </button>
              </div>
              <ul className="practice-choice">
                {practices.map((practice) => (
                  <li key={practice.id}>
                    <label className="practice-choice__option">
                      <input
                        type="checkbox"
                        checked={practiceIds.includes(practice.id)}
                        disabled={locked}
                        onChange={() => actor.send({ type: "setDefault.practice.toggle", id: practice.id })}
                      />
                      <span>
                        <span className="practice-choice__abbr">{practice.practiceabbr}</span>{" "}
                        <span className="practice-choice__name">{practice.practice}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <div className="dialog-field">
              <label htmlFor={`${formId}-status`}>Default status filter</label>
              <select
                id={`${formId}-status`}
                value={status}
                disabled={locked}
                onChange={(event) =>
                  actor.send({ type: "setDefault.status.change", status: event.target.value as StatusDefault })
                }
              >
                {setDefault.STATUS_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          </form>
        ) : null}
      </div>
    </Modal>
  );
}
