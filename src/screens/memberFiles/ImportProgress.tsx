// The file on its way and being read: a bar of how much of it the server has read, with the rows.
import { useSelector } from "@xstate/react";
import type { FileImportActor } from "../../machines/fileImport/fileImport.machine";
import * as fileImport from "../../machines/fileImport/fileImport.selectors";
import { Heading, type HeadingLevel } from "./Heading";

const count = (value: number) => value.toLocaleString("en-US");

export function ImportProgress({ actor, level }: { actor: FileImportActor; level: HeadingLevel }) {
  const run = useSelector(actor, fileImport.selectRun);
  const percent = useSelector(actor, fileImport.selectPercent);
  const followFailed = useSelector(actor, fileImport.selectFollowFailed);
  const refusal = useSelector(actor, fileImport.selectRefusal);
  if (!run) return null;
  return (
    <div className="admin-progress">
      <Heading level={level}>Importing {run.file}</Heading>
      <progress max={100} value={percent} aria-label={`Import of ${run.file}`}>
        {percent}%
      </progress>
      <p role="status" aria-live="polite">
        {percent}% read: {count(run.rowsRead)} rows, {count(run.rowsWritten)} imported, {count(run.rowsRejected)} refused.
      </p>
      {followFailed ? (
        <div className="dialog-problem">
          <p role="alert" className="alert alert--error">
            The import goes on, but its progress could not be read: {refusal}
          </p>
          <button type="button" className="button" onClick={() => actor.send({ type: "fileImport.retry" })}>
            Try again
          </button>
        </div>
      ) : null}
    </div>
  );
}
