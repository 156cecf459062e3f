// The callback picker (its machine: src/machines/callbacks/picker): a date and a time in the
// member's local time with the agent's own beside it when it differs, the presets (keys 1, 2, 3
// outside the fields), an optional note; Book or Skip. The server's messages show by field; a
// callback moved meanwhile shows as it is now.
import { useSelector } from "@xstate/react";
import { useId, type FormEvent, type KeyboardEvent } from "react";
import { Modal } from "../../components/Modal";
import type { CallbackPickerActor } from "../../machines/callbacks/picker/callbackPicker.machine";
import * as picker from "../../machines/callbacks/picker/callbackPicker.selectors";
import { dueText, PRESETS, presetForKey } from "../../machines/callbacks/callbackTime";
import "../dialogs.css";
import "./callbacks.css";

export function CallbackPicker({ actor }: { actor: CallbackPickerActor }) {
  const member = useSelector(actor, picker.selectPickerMember)!;
  const booked = useSelector(actor, picker.selectBooked);
  const change = useSelector(actor, picker.selectBookedChange);
  const skip = () => actor.send({ type: "callback.skip" });
  return (
    <Modal
      title={`Callback — ${member.name}`}
      onClose={skip}
      size="small"
      actions={
        booked ? (
          <button type="button" className="button" onClick={skip}>
            Close
          </button>
        ) : (
          <PickerActions actor={actor} />
        )
      }
    >
      {booked ? (
        <p role="status" className="alert callback-picker__booked">
          Callback {change} {dueText(booked.dueAt, booked.timeZone)}.
        </p>
      ) : (
        <PickerForm actor={actor} timeZone={member.timeZone} />
      )}
    </Modal>
  );
}

function PickerActions({ actor }: { actor: CallbackPickerActor }) {
  const canBook = useSelector(actor, picker.selectCanBook);
  const booking = useSelector(actor, picker.selectBooking);
  return (
    <>
      <button type="button" className="button" onClick={() => actor.send({ type: "callback.skip" })}>
        Skip
      </button>
      <button type="submit" form="callback-picker" className="button button--primary" aria-disabled={!canBook || booking}>
        {booking ? "Booking…" : "Book callback"}
      </button>
    </>
  );
}

const isField = (target: EventTarget) => target instanceof HTMLElement && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);

function PickerForm({ actor, timeZone }: { actor: CallbackPickerActor; timeZone: string }) {
  const { date, time, note } = useSelector(actor, picker.selectChoice);
  const errors = useSelector(actor, picker.selectFieldErrors);
  const failure = useSelector(actor, picker.selectFailure);
  const chosen = useSelector(actor, picker.selectChosenDueAt);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: "callback.book" });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const preset = presetForKey(event.key, isField(event.target), event.ctrlKey || event.altKey || event.metaKey);
    if (!preset) return;
    event.preventDefault();
    actor.send({ type: "callback.preset", preset });
  };
  const formProblem = failure ?? errors.form ?? errors.memberId ?? errors.owner;
  return (
    <form id="callback-picker" className="dialog-form" onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <ConflictNote actor={actor} />
      {formProblem ? (
        <p role="alert" className="alert alert--error">
          {formProblem}
        </p>
      ) : null}
      <div className="callback-picker__presets" role="group" aria-label="Presets">
        {PRESETS.map(({ preset, label, key }) => (
          <button key={preset} type="button" className="button" aria-keyshortcuts={key} onClick={() => actor.send({ type: "callback.preset", preset })}>
            {label} <kbd>{key}</kbd>
          </button>
        ))}
      </div>
      <div className="callback-picker__when">
        <div className="dialog-field">
          <label htmlFor={`${id}-date`}>Date</label>
          <input id={`${id}-date`} type="date" value={date} aria-invalid={Boolean(errors.dueAt)} onChange={(event) => actor.send({ type: "callback.date.change", date: event.target.value })} />
        </div>
        <div className="dialog-field">
          <label htmlFor={`${id}-time`}>Time ({timeZone.replace(/_/g, " ")})</label>
          <input id={`${id}-time`} type="time" value={time} aria-invalid={Boolean(errors.dueAt)} onChange={(event) => actor.send({ type: "callback.time.change", time: event.target.value })} />
        </div>
      </div>
      {errors.dueAt ? (
        <p role="alert" className="callback-picker__error">
          {errors.dueAt}
        </p>
      ) : chosen ? (
        <p className="muted callback-picker__due">Due {dueText(chosen, timeZone)}</p>
      ) : null}
      <div className="dialog-field">
        <label htmlFor={`${id}-note`}>Note (optional)</label>
        <textarea id={`${id}-note`} value={note} maxLength={500} rows={2} onChange={(event) => actor.send({ type: "callback.note.change", note: event.target.value })} />
        {errors.note ? <p role="alert" className="callback-picker__error">{errors.note}</p> : null}
      </div>
    </form>
  );
}

/** A 409: the callback as another booking left it, which Book now moves. */
function ConflictNote({ actor }: { actor: CallbackPickerActor }) {
  const conflict = useSelector(actor, picker.selectConflict);
  if (!conflict) return null;
  const { current } = conflict;
  return (
    <p role="alert" className="alert alert--warning">
      {current
        ? `Meanwhile ${current.bookedBy.firstname} ${current.bookedBy.lastname} set this callback for ${dueText(current.dueAt, current.timeZone)}. Book again to move it to your time.`
        : "Meanwhile this member's callback was closed. Book again to book a new one."}
    </p>
  );
}
