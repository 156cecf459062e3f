// The feedback dialog's optional attachment (§5: read as a data URL from the first chosen file):
// choose, see its name and size (and that it is being read), or remove it.
import { useSelector } from "@xstate/react";
import { useId, useRef, type ChangeEvent } from "react";
import * as feedback from "../../machines/feedback/feedback.selectors";
import type { FeedbackRef } from "../../machines/feedback/feedback.machine";

/** Sizes as people read them: 1.2 MB, 340 KB, 70 bytes. */
function fileSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}

export function FeedbackAttachment({ actor, formId }: { actor: FeedbackRef; formId: string }) {
  const file = useSelector(actor, feedback.selectChosenFile);
  const reading = useSelector(actor, feedback.selectReadingFile);
  const locked = useSelector(actor, feedback.selectFormLocked);
  const statusId = useId();
  const fileInput = useRef<HTMLInputElement>(null);

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const first = event.currentTarget.files?.[0];
    // Cleared at once, so choosing the same file again is noticed; the machine holds the choice.
    event.currentTarget.value = "";
    if (first) actor.send({ type: "feedback.file.choose", file: first });
  }

  function remove() {
    actor.send({ type: "feedback.file.remove" });
    fileInput.current?.focus();
  }

  return (
    <div className="dialog-field">
      <span className="dialog-field__label">
        Attachment <span className="muted">(optional, up to 7 MB)</span>
      </span>
      <div className="file-choice">
        <input ref={fileInput} id={`${formId}-file`} className="file-choice__input" type="file" disabled={locked} aria-describedby={statusId} onChange={chooseFile} />
        <label htmlFor={`${formId}-file`} className="button file-choice__button">
          {file ? "Choose another file" : "Attach a file"}
        </label>
        <span id={statusId} className="file-choice__status" aria-live="polite">
          {file ? (
            <>
              <span className="file-choice__name">{file.name}</span> ({fileSize(file.size)}){reading ? ", reading…" : ""}
            </>
          ) : (
            "No file attached"
          )}
        </span>
        {file && !locked ? (
          <button type="button" className="button button--link" aria-label={`Remove ${file.name}`} onClick={remove}>
            Remove
          </button>
        ) : null}
      </div>
    </div>
  );
}
