// The file on its way and being read: a bar of how much of it the server has read, with the rows.
import { useSelector } from "@xstate/react";
import * as memberImport from "../../machines/memberImport/memberImport.selectors";
import type { MemberImportActor } from "../../machines/memberImport/memberImport.machine";

const count = (value: number) => value.toLocaleString("en-US");

export function ImportProgress({ actor }: { actor: MemberImportActor }) {
  const run = useSelector(actor, memberImport.selectRun);
  const percent = useSelector(actor, memberImport.selectPercent);
  const followFailed = useSelector(actor, memberImport.selectFollowFailed);
  const failure = useSelector(actor, memberImport.selectFailure);
  if (!run) return null;
  return (
    <div className="admin-progress">
      <h2>Importing {run.file}</h2>
      <progress max={100} value={percent} aria-label={`Import of ${run.file}`}>
        {percent}%
      </progress>
      <p role="status" aria-live="polite">
        {percent}% read: {count(run.rowsRead)} rows, {count(run.rowsWritten)} imported, {count(run.rowsRejected)} refused.
      </p>
      {followFailed && failure ? (
        <div className="dialog-problem">
          <p role="alert" className="alert alert--error">
            The import goes on, but its progress could not be read: {failure.message}
          </p>
          <button type="button" className="button" onClick={() => actor.send({ type: "memberImport.retry" })}>
            Try again
          </button>
        </div>
      ) : null}
    </div>
  );
}
