// §2 Notes modal: prior notes with author and relative time; Add Note with Cancel and Submit.
// As a team: "Save anyway?" when a colleague is calling the member, and a note saved since the
// dialog opened shown with Keep theirs / Save mine.
import { useSelector } from "@xstate/react";
import { useId, type FormEvent } from "react";
import type { ActorRefFrom } from "xstate";
import { Modal } from "../../components/Modal";
import * as dialogs from "../../machines/members/dialogs/dialogs.selectors";
import type { notesMachine } from "../../machines/members/dialogs/notes.machine";
import { formatDateTime, relativeTime } from "./memberFormat";

type NotesRef = ActorRefFrom<typeof notesMachine>;

interface NotesDialogProps {
  actor: NotesRef;
  memberName: string;
  onClose: () => void;
}

export function NotesDialog({ actor, memberName, onClose }: NotesDialogProps) {
  const status = useSelector(actor, dialogs.selectNotesStatus);
  const draft = useSelector(actor, dialogs.selectDraft);
  const canSubmit = useSelector(actor, dialogs.selectCanSubmit);
  const formId = useId();
  const draftId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    actor.send({ type: "notes.submit" });
  }

  const actions = (
    <>
      <button type="button" className="button" onClick={onClose}>
        Cancel
      </button>
      <button type="submit" form={formId} className="button button--primary" aria-disabled={!canSubmit}>
        {status === "submitting" ? "Submitting…" : "Submit"}
      </button>
    </>
  );
  return (
    <Modal title={`Notes — ${memberName}`} onClose={onClose} actions={actions}>
      <PriorNotes actor={actor} headingId={`${formId}-prior`} />
      <form id={formId} onSubmit={submit} className="notes-dialog__form">
        <label htmlFor={draftId}>Add Note</label>
        <textarea
          id={draftId}
          rows={4}
          maxLength={2000}
          value={draft}
          onChange={(event) => actor.send({ type: "notes.draft.change", text: event.target.value })}
        />
        <NoteQuestion actor={actor} />
      </form>
    </Modal>
  );
}

/** The member's notes so far: loading, why they could not be loaded, none, or each with its author and time. */
function PriorNotes({ actor, headingId }: { actor: NotesRef; headingId: string }) {
  const status = useSelector(actor, dialogs.selectNotesStatus);
  const notes = useSelector(actor, dialogs.selectNotes);
  const failure = useSelector(actor, dialogs.selectNotesFailure);
  return (
    <section aria-labelledby={headingId} className="notes-dialog__prior">
      <h3 id={headingId}>Prior notes</h3>
      {status === "loading" ? (
        <p role="status" aria-busy="true">
          Loading notes…
        </p>
      ) : status === "loadFailed" ? (
        <div role="alert" className="alert alert--error">
          <p className="alert__message">The notes could not be loaded{failure ? `: ${failure.message}` : "."}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: "notes.retry" })}>
            Try again
          </button>
        </div>
      ) : notes.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ul className="notes-list">
          {notes.map((note) => (
            <li key={note.id} className="notes-list__item">
              <p className="notes-list__text">{note.notes}</p>
              <p className="notes-list__meta">
                {note.user.firstname} {note.user.lastname},{" "}
                <time dateTime={note.notestimestamp} title={formatDateTime(note.notestimestamp)}>
                  {relativeTime(note.notestimestamp)}
                </time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the note's save asks or says: "Save anyway?", a colleague's note saved since, or why it failed. */
function NoteQuestion({ actor }: { actor: NotesRef }) {
  const status = useSelector(actor, dialogs.selectNotesStatus);
  const claimedBy = useSelector(actor, dialogs.selectNotesClaimedBy);
  const conflict = useSelector(actor, dialogs.selectNotesConflict);
  const failure = useSelector(actor, dialogs.selectNotesFailure);
  if (status === "confirming") {
    return (
      <div role="alert" className="alert notes-dialog__question">
        <p className="alert__message">{claimedBy} is calling this member. Save anyway?</p>
        <button type="button" className="button button--primary" onClick={() => actor.send({ type: "notes.confirm" })}>
          Save anyway
        </button>{" "}
        <button type="button" className="button" onClick={() => actor.send({ type: "notes.cancel" })}>
          Don't save
        </button>
      </div>
    );
  }
  if (status === "conflict" && conflict) {
    return (
      <div role="alert" className="alert notes-dialog__question">
        <p className="alert__message">
          {conflict.savedBy.firstname} {conflict.savedBy.lastname} saved a note at{" "}
          <time dateTime={conflict.savedAt}>{formatDateTime(conflict.savedAt)}</time> since you opened this member: “{conflict.notes}”
        </p>
        <button type="button" className="button" onClick={() => actor.send({ type: "notes.conflict.keepTheirs" })}>
          Keep theirs
        </button>{" "}
        <button type="button" className="button button--primary" onClick={() => actor.send({ type: "notes.conflict.saveMine" })}>
          Save mine
        </button>
      </div>
    );
  }
  return failure && status === "ready" ? (
    <p role="alert" className="alert alert--error">
      The note could not be saved: {failure.message}
    </p>
  ) : null;
}
