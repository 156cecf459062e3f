// Practices chosen by checkboxes over every practice, none chosen meaning all: a staff member's
// default practices, a campaign's practices.
import type { Practice } from "../../machines/members/members.filters";

interface PracticeChoiceProps {
  practices: readonly Practice[];
  chosen: readonly number[];
  disabled: boolean;
  invalid: boolean;
  onToggle: (id: number) => void;
  legend?: string;
  /** What choosing none means here. */
  noneChosen?: string;
}

export function PracticeChoice({
  practices,
  chosen,
  disabled,
  invalid,
  onToggle,
  legend = "Default practices",
  noneChosen = "None chosen: the members list opens on all practices.",
}: PracticeChoiceProps) {
  return (
    <fieldset className="dialog-fieldset" aria-invalid={invalid || undefined}>
      <legend>{legend}</legend>
      <p className="practice-choice__summary">{chosen.length === 0 ? noneChosen : `${chosen.length} chosen.`}</p>
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
