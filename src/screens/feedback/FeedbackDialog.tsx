// §2 Layout: the FEEDBACK dialog of the top bar. It renders the feedback machine src/app runs while
// the dialog is open; closing it (Cancel, ×, Escape, Close) stops the machine, which cancels a send
// under way.
import { useSelector } from "@xstate/react";
import { useId, useRef, type FormEvent } from "react";
import { AlertMessage } from "../../components/AlertMessage";
import { Modal } from "../../components/Modal";
import { MESSAGE_MAX_LENGTH, SUBJECT_MAX_LENGTH, type FeedbackRef } from "../../machines/feedback/feedback.machine";
import * as feedback from "../../machines/feedback/feedback.selectors";
import { FeedbackAttachment } from "./FeedbackAttachment";
import "../dialogs.css";


interface FeedbackDialogProps {
  actor: FeedbackRef;
  onClose: () => void;
}

export function FeedbackDialog({ actor, onClose }: FeedbackDialogProps) {
  const sent = useSelector(actor, feedback.selectSent);
  const sending = useSelector(actor, feedback.selectSending);
  const reading = useSelector(actor, feedback.selectReadingFile);
  const canSubmit = useSelector(actor, feedback.selectCanSubmit);
  const formId = useId();
  if (sent) return <FeedbackSent onClose={onClose} />;

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: "feedback.submit" });
  }

  const actions = (
    <>
      <button type="button" className="button" onClick={onClose}>
        Cancel
      </button>
      <button type="submit" form={formId} className="button button--primary" aria-disabled={!canSubmit}>
        {sending ? "Sending…" : reading ? "Reading the file…" : "Send"}
      </button>
    </>
  );
  return (
    <Modal title="Feedback" onClose={onClose} actions={actions}>
      <form id={formId} className="dialog-form" onSubmit={submit} noValidate aria-busy={sending}>
        <FeedbackFields actor={actor} formId={formId} />
        <FeedbackAttachment actor={actor} formId={formId} />
      </form>
    </Modal>
  );
}

function FeedbackSent({ onClose }: { onClose: () => void }) {
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

/** What is missing or what the server answered, then the subject and the message. */
function FeedbackFields({ actor, formId }: { actor: FeedbackRef; formId: string }) {
  const subject = useSelector(actor, feedback.selectSubject);
  const message = useSelector(actor, feedback.selectMessage);
  const problem = useSelector(actor, feedback.selectProblem);
  const failure = useSelector(actor, feedback.selectFailure);
  const locked = useSelector(actor, feedback.selectFormLocked);
  const subjectInput = useRef<HTMLInputElement>(null);
  const dismiss = () => {
    actor.send({ type: "feedback.failure.dismiss" });
    subjectInput.current?.focus();
  };
  return (
    <>
      {problem ? (
        <p role="alert" className="alert alert--error">
          {problem}
        </p>
      ) : null}
      {failure ? <AlertMessage failure={failure} onDismiss={dismiss} /> : null}
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
    </>
  );
}
