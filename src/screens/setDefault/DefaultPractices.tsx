// The Set Default dialog's practices (§6 default practices): a summary of the choice, Clear, and a
// box per practice the user works.
import { useSelector } from "@xstate/react";
import { useId } from "react";
import * as setDefault from "../../machines/setDefault/setDefault.selectors";
import type { SetDefaultRef } from "../../machines/setDefault/setDefault.machine";

export function DefaultPractices({ actor }: { actor: SetDefaultRef }) {
  const practices = useSelector(actor, setDefault.selectPractices);
  const practiceIds = useSelector(actor, setDefault.selectPracticeIds);
  const summary = useSelector(actor, setDefault.selectPracticeSummary);
  const locked = useSelector(actor, setDefault.selectFormLocked);
  const summaryId = useId();
  return (
    <fieldset className="dialog-fieldset" aria-describedby={summaryId}>
      <legend>Default practices</legend>
      <div className="practice-choice__toolbar">
        <p id={summaryId} className="practice-choice__summary" aria-live="polite">
          {summary}
        </p>
        <button type="button" className="button button--link" disabled={locked || practiceIds.length === 0} onClick={() => actor.send({ type: "setDefault.practices.clear" })}>
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
                <span className="practice-choice__abbr">{practice.practiceabbr}</span> <span className="practice-choice__name">{practice.practice}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
