// §2 Layout: the FEEDBACK dialog of the top bar. It runs the feedback machine while it is open;
// closing it (Cancel, ×, Escape, Close) stops the machine, which cancels a send under way.
import { useSelector } from "@xstate/react";
import { useAppActor } from "../../app/useAppActor";
import { useId, useRef, type ChangeEvent, type FormEvent } from "react";
import { AlertMessage } from "../../components/AlertMessage";
import { Modal } from "../../components/Modal";
import {
  MESSAGE_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
  type FeedbackSender,
  type feedbackMachine,
} from "../../machines/feedback/feedback.machine";
import * as feedback from "../../machines/feedback/feedback.selectors";
import "../dialogs.css";

interface FeedbackDialogProps {
  machine: typeof feedbackMachine;
  sender: FeedbackSender;
  onClose: () => void;
}

/** Sizes as people read them: 1.2 MB, 340 KB, 70 bytes. */
function fileSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}

export function FeedbackDialog({ machine, sender, onClose }: FeedbackDialogProps) {
  const actor = useAppActor(machine, { input: { sender } });
  const subject = useSelector(actor, feedback.selectSubject);
  const message = useSelector(actor, feedback.selectMessage);
  const file = useSelector(actor, feedback.selectChosenFile);
  const problem = useSelector(actor, feedback.selectProblem);
  const failure = useSelector(actor, feedback.selectFailure);
  const reading = useSelector(actor, feedback.selectReadingFile);
  const sending = useSelector(actor, feedback.selectSending);
  const sent = useSelector(actor, feedback.selectSent);
  const locked = useSelector(actor, feedback.selectFormLocked);
  const canSubmit = useSelector(actor, feedback.selectCanSubmit);
  const formId = useId();
  const fileStatusId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const subjectInput = useRef<HTMLInputElement>(null);

  if (sent) {
    return (
      <Modal
        title="Feedback"
        onClose={onClose}
        actions={
          // The form's buttons are gone: focus moves here, so Escape and Enter keep working (the key
          // makes it a new button, not the Cancel button relabelled, so autoFocus applies).
          <button key="close" type="button" className="button button--primary" onClick={onClose} autoFocus>
            Close
          </button>
        }
      >
        <p role="status" className="dialog-confirmation">
          Thank you — your feedback was sent.
        </p>
      </Modal>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: "feedback.submit" });
  }

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const first = event.currentTarget.files?.[0];
    // Cleared at once, so choosing the same file again is noticed; the machine holds the choice.
    event.currentTarget.value = "";
    if (first) actor.send({ type: "feedback.file.choose", file: first });
  }

  return (
    <Modal
      title="Feedback"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" aria-disabled={!canSubmit}>
            {sending ? "Sending…" : reading ? "Reading the file…" : "Send"}
          </button>
        </>
      }
    >
      <form id={formId} className="dialog-form" onSubmit={submit} noValidate aria-busy={sending}>
        {problem ? (
          <p role="alert" className="alert alert--error">
            {problem}
          </p>
        ) : null}
        {failure ? (
          <AlertMessage
            failure={failure}
            onDismiss={() => {
              actor.send({ type: "feedback.failure.dismiss" });
              subjectInput.current?.focus();
            }}
          />
        ) : null}
        <div className="dialog-field">
          <label htmlFor={`${formId}-subject`}>Subject</label>
          <input
            ref={subjectInput}
            id={`${formId}-subject`}
            type="text"
            value={subject}
            maxLength={SUBJECT_MAX_LENGTH}
            readOnly={locked}
            onChange={(event) => actor.send({ type: "feedback.subject.change", value: event.target.value })}
          />
        </div>
        <div className="dialog-field">
          <label htmlFor={`${formId}-message`}>Message</label>
          <textarea
            id={`${formId}-message`}
            rows={6}
            value={message}
            maxLength={MESSAGE_MAX_LENGTH}
            readOnly={locked}
            onChange={(event) => actor.send({ type: "feedback.message.change", value: event.target.value })}
          />
        </div>
        <div className="dialog-field">
          <span className="dialog-field__label">
            Attachment <span className="muted">(optional, up to 7 MB)</span>
          </span>
          <div className="file-choice">
            <input
              ref={fileInput}
              id={`${formId}-file`}
              className="file-choice__input"
              type="file"
              disabled={locked}
              aria-describedby={fileStatusId}
              onChange={chooseFile}
            />
            <label htmlFor={`${formId}-file`} className="button file-choice__button">
              {file ? "Choose another file" : "Attach a file"}
            </label>
            <span id={fileStatusId} className="file-choice__status" aria-live="polite">
              {file ? (
                <>
                  <span className="file-choice__name">{file.name}</span> ({fileSize(file.size)}){reading ? ", reading…" : ""}
                </>
              ) : (
                "No file attached"
              )}
            </span>
            {file && !locked ? (
              <button
                type="button"
                className="button button--link"
                aria-label={`Remove ${file.name}`}
                onClick={() => {
                  actor.send({ type: "feedback.file.remove" });
                  fileInput.current?.focus();
                }}
              >
                Remove
              </button>
            ) : null}
          </div>
        </div>
      </form>
    </Modal>
  );
}
