// A staff member's default practices: checkboxes over every practice; none chosen means all.
import type { Practice } from "../../machines/staff/staff.machine";

interface PracticeChoiceProps {
  practices: readonly Practice[];
  chosen: readonly number[];
  disabled: boolean;
  invalid: boolean;
  onToggle: (id: number) => void;
}

export function PracticeChoice({ practices, chosen, disabled, invalid, onToggle }: PracticeChoiceProps) {
  return (
    <fieldset className="dialog-fieldset" aria-invalid={invalid || undefined}>
      <legend>Default practices</legend>
      <p className="practice-choice__summary">{chosen.length === 0 ? "None chosen: the members list opens on all practices." : `${chosen.length} chosen.`}</p>
      {practices.length === 0 ? (
        <p className="muted">There are no practices yet: add them in Practices and regions.</p>
      ) : (
        <ul className="practice-choice">
          {practices.map((practice) => (
            <li key={practice.id}>
              <label className="practice-choice__option">
                <input type="checkbox" checked={chosen.includes(practice.id)} disabled={disabled} onChange={() => onToggle(practice.id)} />
                <span>
                  <span className="practice-choice__abbr">{practice.practiceabbr}</span> <span className="practice-choice__name">{practice.practice}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
