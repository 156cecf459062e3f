// A save refused because another landed since (docs/architecture.md, Agents as a team): theirs (now
// in the row's selector), by whom and when, and the choice of Keep theirs or Save mine.
import { useContext, type MouseEvent } from "react";
import type { MemberResult } from "../../machines/members/members.filters";
import type { ResultConflict } from "../../machines/members/save/resultSave.machine";
import { BLANK_RESULT } from "../../../domain/vocabulary.ts";
import { formatDateTime } from "./memberFormat";
import { LockedContext } from "./ResultSelect";

interface ConflictNoticeProps {
  conflict: ResultConflict;
  memberId: number;
  name: string;
  keepTheirs: (memberId: number) => void;
  saveMine: (memberId: number) => void;
}

const label = (result: MemberResult) => (result === BLANK_RESULT ? "Blank" : result);

export function ConflictNotice({ conflict: { mine, current }, memberId, name, keepTheirs, saveMine }: ConflictNoticeProps) {
  const disabled = useContext(LockedContext);
  // The notice goes with the choice: focus stays in the row, on its View History (never disabled).
  const choose = (event: MouseEvent<HTMLButtonElement>, choice: (memberId: number) => void) => {
    event.currentTarget.closest("td")?.querySelector<HTMLButtonElement>(".member-row__result-line button")?.focus();
    choice(memberId);
  };
  return (
    <div className="member-row__conflict" role="alert">
      <p>
        {current.savedBy.firstname} {current.savedBy.lastname} saved <strong>{label(current.Result)}</strong> at{" "}
        <time dateTime={current.savedAt}>{formatDateTime(current.savedAt)}</time>. Yours: <strong>{label(mine)}</strong>.
      </p>
      <span className="member-row__conflict-actions">
        <button type="button" className="button button--small" disabled={disabled} aria-label={`Keep theirs for ${name}`} onClick={(event) => choose(event, keepTheirs)}>
          Keep theirs
        </button>
        <button type="button" className="button button--small button--primary" disabled={disabled} aria-label={`Save mine for ${name}`} onClick={(event) => choose(event, saveMine)}>
          Save mine
        </button>
      </span>
    </div>
  );
}
